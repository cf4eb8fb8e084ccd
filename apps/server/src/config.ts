import net from 'node:net';
import path from 'node:path';
import { compactBankCode, isValidBic, isValidIban } from '@cadran/domain/iban';
import { z } from 'zod';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST_DIR } from './paths';

/**
 * The only reader of the environment (CONVENTIONS.md, "Config and errors"). `loadConfig` is
 * pure: it takes the env object and returns a typed config or throws a `ConfigError` naming
 * every bad variable, so a misconfigured server stops before it opens anything.
 */

export const SESSION_SECRET_MIN_LENGTH = 32;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanFlag = z.stringbool({
  truthy: ['true', '1', 'yes', 'on'],
  falsy: ['false', '0', 'no', 'off'],
});

const urlWithProtocols = (protocols: string[], label: string) =>
  z
    .url({ message: `must be a URL (${label})` })
    .refine((value) => protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

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
const TRUST_EVERYONE_RISK =
  'TRUST_PROXY=true believes X-Forwarded-For from any client, so anyone can pick the address ' +
  'every per-address rate limit counts and dodge it with a made-up header';

const TRUST_PROXY_ADVICE = `give the proxies' addresses or their number instead (${EXAMPLE})`;

type FastifyTrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

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
const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const parsed = parseTrustProxy(value);
  if ('problem' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  }
  return parsed;
});

/**
 * The one value that lets the payment sandbox run in production: a staging install may need
 * it, and spelling out the consequence keeps a copied `=true` from switching it on.
 */
export const SANDBOX_IN_PRODUCTION_CONSENT = 'i-accept-unpaid-orders';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: optionalText,
  DATABASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user@host:5432/db').optional(),
  ),
  PUBLIC_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(['http:', 'https:'], 'http(s)://host[:port]').optional(),
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  SESSION_SECRET: optionalText.pipe(
    z
      .string()
      .min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`)
      .optional(),
  ),
  COOKIE_SECURE: booleanFlag.optional(),
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@host:587').optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Cadran <no-reply@cadran.fr>'),
  SUPPORT_EMAIL: z.email().default('support@cadran.fr'),
  PAYMENT_SANDBOX: booleanFlag.optional(),
  PAYMENT_SANDBOX_IN_PRODUCTION: optionalText.pipe(
    z
      .literal(SANDBOX_IN_PRODUCTION_CONSENT, {
        error: `must be exactly "${SANDBOX_IN_PRODUCTION_CONSENT}" (or unset)`,
      })
      .optional(),
  ),
  API_DOCS: booleanFlag.optional(),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_... or rk_...)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_...)')
      .optional(),
  ),
  STRIPE_API_BASE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(['http:', 'https:'], 'http(s)://host[:port]').optional(),
  ),
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_WEBHOOK_ID: optionalText,
  PAYPAL_API_BASE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(['http:', 'https:'], 'https://api-m.paypal.com').optional(),
  ),
  BANK_IBAN: optionalText.pipe(
    z.string().refine(isValidIban, 'must be a valid IBAN (check digits do not match)').optional(),
  ),
  BANK_BIC: optionalText.pipe(
    z.string().refine(isValidBic, 'must be a valid BIC (8 or 11 characters)').optional(),
  ),
  BANK_HOLDER: optionalText.pipe(z.string().max(140).optional()),
  TRUST_PROXY: trustProxy.default({ kind: 'none' }),
  WEB_DIST_DIR: optionalText,
  SEED_DEMO: booleanFlag.default(true),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Absolute. Holds the PGlite data, the outbox and the development session secret. */
  dataDir: string;
  /** Absent: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** Origin the browser uses (no trailing slash); links in mails and CSP derive from it. */
  publicUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Required in production; in development `resolveSessionSecret` fills it from the data dir. */
  sessionSecret: string | undefined;
  cookieSecure: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** In production only with PAYMENT_SANDBOX_IN_PRODUCTION, and then warned about at start. */
  paymentSandbox: boolean;
  /** Card payments through Stripe Checkout; absent: the sandbox stands in when enabled. */
  stripe: StripeConfig | undefined;
  /** PayPal Orders v2; absent: the sandbox stands in when enabled. */
  paypal: PaypalConfig | undefined;
  /** Where transfers go; absent (production without BANK_*): bank transfer is not offered. */
  bankAccount: BankAccountConfig | undefined;
  trustProxy: TrustProxy;
  /** The API reference at /api/docs: on outside production, opt-in with API_DOCS in production. */
  apiDocs: boolean;
  webDistDir: string;
  seedDemo: boolean;
  /**
   * Multiplies every rate limit's maximum. 1 (the default) in any real deployment; load tests
   * (`npm run bench`, issue 9) raise it explicitly so the limits do not throttle the measure.
   */
  rateLimitMultiplier: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local server that plays Stripe's API. */
  apiBase: string | undefined;
}

export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiBase: string;
}

export interface BankAccountConfig {
  holder: string;
  /** Electronic form, no spaces. */
  iban: string;
  bic: string;
}

/**
 * Demo account of development and test installs (issue 7): the IBAN has valid check digits so
 * the whole transfer flow can be tried, and the holder says it is a demonstration.
 */
export const DEMO_BANK_ACCOUNT: BankAccountConfig = {
  holder: 'Cadran SAS (compte de démonstration)',
  iban: 'FR7630004000031234567890143',
  bic: 'CDRNFRPPXXX',
};

const PAYPAL_LIVE_API = 'https://api-m.paypal.com';
const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const payments = paymentSettings(e, isProduction);
  const problems = [
    ...(payments.ok ? [] : payments.problems),
    ...(isProduction ? productionProblems(e) : []),
  ];
  if (!payments.ok || problems.length > 0) throw new ConfigError(problems);

  const port = e.PORT;
  // A relative DATA_DIR / WEB_DIST_DIR is resolved against the cwd, as any path on a command line.
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : DEFAULT_DATA_DIR;
  const webDistDir = e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://127.0.0.1:${port}`).origin;

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    sessionSecret: e.SESSION_SECRET,
    cookieSecure: e.COOKIE_SECURE ?? isProduction,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    // Real payment providers only where explicitly configured: production defaults to off.
    paymentSandbox: e.PAYMENT_SANDBOX ?? !isProduction,
    ...payments.settings,
    trustProxy: e.TRUST_PROXY,
    // It documents the admin API too: public only where someone chose so.
    apiDocs: e.API_DOCS ?? !isProduction,
    webDistDir,
    seedDemo: e.SEED_DEMO,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
  };
}

type ParsedEnv = z.infer<typeof EnvSchema>;

/** Settings that are fine on a workstation and dangerous on the public site. */
function productionProblems(e: ParsedEnv): string[] {
  const problems: string[] = [];
  if (!e.SESSION_SECRET) {
    problems.push(
      `SESSION_SECRET: required in production (at least ${SESSION_SECRET_MIN_LENGTH} random characters, ` +
        'e.g. the output of `openssl rand -base64 48`)',
    );
  }
  if (e.TRUST_PROXY.kind === 'everyone') {
    problems.push(
      `TRUST_PROXY: refused in production: ${TRUST_EVERYONE_RISK}; ${TRUST_PROXY_ADVICE}`,
    );
  }
  if (e.PAYMENT_SANDBOX === true && !e.PAYMENT_SANDBOX_IN_PRODUCTION) {
    problems.push(
      'PAYMENT_SANDBOX: refused in production: the sandbox stands in for every payment method ' +
        'without keys and lets any customer mark their own order paid. For a staging install ' +
        `that must take no money, also set PAYMENT_SANDBOX_IN_PRODUCTION=${SANDBOX_IN_PRODUCTION_CONSENT}`,
    );
  }
  return problems;
}

export interface StartupWarning {
  /** The variable to change. */
  setting: string;
  message: string;
}

/** Accepted settings an operator must hear about at every start (logged by buildApp). */
export function startupWarnings(config: Config): StartupWarning[] {
  const warnings: StartupWarning[] = [];
  if (config.trustProxy.kind === 'everyone') {
    warnings.push({
      setting: 'TRUST_PROXY',
      message: `${TRUST_EVERYONE_RISK}: for local tests only; ${TRUST_PROXY_ADVICE}`,
    });
  }
  if (config.isProduction && config.paymentSandbox) {
    warnings.push({
      setting: 'PAYMENT_SANDBOX',
      message:
        'the payment sandbox is on in production: payment methods without provider keys go to ' +
        'the sandbox page, where any customer can mark their own order paid without paying',
    });
  }
  return warnings;
}
type PaymentSettings = Pick<Config, 'stripe' | 'paypal' | 'bankAccount'>;

/**
 * Provider keys go in pairs (issue 7): a Stripe key without its webhook secret could take
 * money it never hears about, so half a configuration is refused rather than guessed at.
 */
function paymentSettings(
  e: ParsedEnv,
  isProduction: boolean,
): { ok: true; settings: PaymentSettings } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (whsec_...)');
  }
  if (!e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set');
  }
  const paypalKeys = [e.PAYPAL_CLIENT_ID, e.PAYPAL_CLIENT_SECRET, e.PAYPAL_WEBHOOK_ID];
  if (paypalKeys.some(Boolean) && !paypalKeys.every(Boolean)) {
    problems.push(
      'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID: set all three or none',
    );
  }
  const bankKeys = [e.BANK_IBAN, e.BANK_BIC, e.BANK_HOLDER];
  if (bankKeys.some(Boolean) && !bankKeys.every(Boolean)) {
    problems.push('BANK_IBAN, BANK_BIC, BANK_HOLDER: set all three or none');
  }
  if (problems.length > 0) return { ok: false, problems };

  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
        }
      : undefined;
  const paypal =
    e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_WEBHOOK_ID
      ? {
          clientId: e.PAYPAL_CLIENT_ID,
          clientSecret: e.PAYPAL_CLIENT_SECRET,
          webhookId: e.PAYPAL_WEBHOOK_ID,
          // PayPal's own sandbox outside production, so test credentials work out of the box.
          apiBase: (
            e.PAYPAL_API_BASE ?? (isProduction ? PAYPAL_LIVE_API : PAYPAL_SANDBOX_API)
          ).replace(/\/+$/, ''),
        }
      : undefined;
  const bankAccount =
    e.BANK_IBAN && e.BANK_BIC && e.BANK_HOLDER
      ? {
          holder: e.BANK_HOLDER,
          iban: compactBankCode(e.BANK_IBAN),
          bic: compactBankCode(e.BANK_BIC),
        }
      : isProduction
        ? undefined
        : DEMO_BANK_ACCOUNT;
  return { ok: true, settings: { stripe, paypal, bankAccount } };
}

/** A config whose session secret is known: what the running app needs. */
export type AppConfig = Config & { sessionSecret: string };

/** The entry point's reading of the real environment; everything else receives a Config. */
export const loadConfigFromProcess = (): Config => loadConfig(process.env);
