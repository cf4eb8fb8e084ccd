import { describe, expect, it } from 'vitest';
import { loginSource } from './login-source';
import { LOGIN_THROTTLE, addressDelayMs } from './login-throttle';

describe('the wait before a sign-in at an address under attack', () => {
  const { slowAfter, doubleEvery, firstDelayMs, maxDelayMs } = LOGIN_THROTTLE.perAddress;

  it('is nothing below the ceiling, then doubles by steps up to its cap', () => {
    expect(addressDelayMs(0)).toBe(0);
    expect(addressDelayMs(slowAfter - 1)).toBe(0);
    expect(addressDelayMs(slowAfter)).toBe(firstDelayMs);
    expect(addressDelayMs(slowAfter + doubleEvery - 1)).toBe(firstDelayMs);
    expect(addressDelayMs(slowAfter + doubleEvery)).toBe(2 * firstDelayMs);
    expect(addressDelayMs(slowAfter + 2 * doubleEvery)).toBe(4 * firstDelayMs);
    expect(addressDelayMs(slowAfter + 3 * doubleEvery)).toBe(maxDelayMs);
    expect(addressDelayMs(1_000_000_000)).toBe(maxDelayMs);
  });

  it('never waits longer than the cap, and the ceiling is above what one source may fail', () => {
    const longestPairAllowance = Math.max(
      ...LOGIN_THROTTLE.perSourceAndAddress.map((rule) => rule.max),
    );
    expect(slowAfter).toBeGreaterThan(longestPairAllowance);
    expect(maxDelayMs).toBeLessThanOrEqual(10_000);
  });

  it('scales with the load-test multiplier', () => {
    expect(addressDelayMs(slowAfter * 10 - 1, 10)).toBe(0);
    expect(addressDelayMs(slowAfter * 10, 10)).toBe(firstDelayMs);
  });
});

describe('the source of a sign-in attempt', () => {
  it('is the IPv4 address itself, also when written as IPv4-mapped IPv6', () => {
    expect(loginSource('203.0.113.7')).toBe('203.0.113.7');
    expect(loginSource('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 network of an IPv6 address, however the address is written', () => {
    const network = '2001:db8:0:42::/64';
    expect(loginSource('2001:db8:0:42::1')).toBe(network);
    expect(loginSource('2001:0DB8:0000:0042:abcd:ef01:2345:6789')).toBe(network);
    expect(loginSource('2001:db8::42:0:0:0:7')).toBe(network);
    expect(loginSource('2001:db8:0:42::1%eth0')).toBe(network);
    expect(loginSource('::1')).toBe('0:0:0:0::/64');
    expect(loginSource('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
    expect(loginSource('2001:db8:0:43::1')).not.toBe(network);
  });
});
