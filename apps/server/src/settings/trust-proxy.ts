import net from 'node:net';
import { z } from 'zod';

/**
 * Whose X-Forwarded-For the server believes (TRUST_PROXY). `request.ip` keys every per-address
 * rate limit, so believing the header from anyone would let a client name its own address and
 * start a fresh limit with each request.
 */
export type TrustProxy =
  | { kind: 'none' }
  /** Development and tests only: any client may claim any address. Refused in production. */
  | { kind: 'everyone' }
  /** The last `hops` entries were written by our own proxies; the one before is the client. */
  | { kind: 'hops'; hops: number }
  /** Addresses or CIDR ranges of our proxies; the first entry they did not write is the client. */
  | { kind: 'addresses'; addresses: string[] };

const MAX_PROXY_HOPS = 10;

/** Range names proxy-addr understands, as Fastify passes the list to it. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const EXAMPLE = 'e.g. "127.0.0.1,10.0.0.0/8" or the number of proxies in front, e.g. "1"';

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Reads the setting, or says what is wrong with it. */
function parseTrustProxy(raw: string): TrustProxy | { problem: string } {
  const value = raw.trim();
  if (value === '' || /^(false|no|off|0)$/i.test(value)) return { kind: 'none' };
  if (/^(true|yes|on)$/i.test(value)) return { kind: 'everyone' };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_PROXY_HOPS
      ? { kind: 'hops', hops }
      : { problem: `a hop count is at most ${MAX_PROXY_HOPS}` };
  }
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (addresses.length === 0) return { kind: 'none' };
  const bad = addresses.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    return {
      problem:
        `${bad.map((entry) => `"${entry}"`).join(', ')} is not an IP address, a CIDR range, ` +
        `loopback, linklocal or uniquelocal (${EXAMPLE})`,
    };
  }
  return { kind: 'addresses', addresses };
}

/** Why `TRUST_PROXY=true` is refused in production and warned about elsewhere. */
export const TRUST_EVERYONE_RISK =
  'TRUST_PROXY=true believes X-Forwarded-For from any client, so anyone can pick the address ' +
  'every per-address rate limit counts and dodge it with a made-up header';

export const TRUST_PROXY_ADVICE = `give the proxies' addresses or their number instead (${EXAMPLE})`;

export type FastifyTrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's `trustProxy` option. A hop count becomes a function: Fastify 5 ignores a plain
 * number (it trusts nothing then), which would leave every client at the proxy's address.
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyTrustProxy {
  switch (setting.kind) {
    case 'none':
      return false;
    case 'everyone':
      return true;
    case 'addresses':
      return setting.addresses;
    case 'hops': {
      const { hops } = setting;
      // Hop 0 is the socket's peer, hop 1 the last X-Forwarded-For entry, and so on.
      return (_address, hop) => hop < hops;
    }
  }
}

/** Off, a hop count, or the proxies' addresses and CIDR ranges. */
export const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const parsed = parseTrustProxy(value);
  if ('problem' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  }
  return parsed;
});
