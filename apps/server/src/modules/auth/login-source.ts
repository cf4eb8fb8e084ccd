import { isIPv4, isIPv6 } from 'node:net';

/**
 * The "source" of a sign-in attempt, for throttling: the client's IPv4 address, or the /64
 * network of an IPv6 address. One IPv6 subscriber usually holds a whole /64, so counting single
 * IPv6 addresses would let one machine change address at every guess and never be throttled.
 */
export function loginSource(ip: string): string {
  const address = ip.split('%', 1)[0] ?? ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lowercase, without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::', 2);
  const split = (part: string): string[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) =>
          // A trailing dotted IPv4 (64:ff9b::1.2.3.4) fills the last two groups, never the /64.
          group.includes('.') ? ['0', '0'] : [group],
        );
  const left = split(head);
  const right = tail === undefined ? [] : split(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
