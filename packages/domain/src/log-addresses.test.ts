import { describe, expect, it } from 'vitest';
import { contextWithoutAddressSecrets, logAddress, withoutAddressSecrets } from './log-addresses';

describe('addresses in logs', () => {
  it('keeps the origin and path of a page, never its query or fragment', () => {
    expect(logAddress('https://cadran.fr/client/reset-password?token=s3cr3t')).toBe(
      'https://cadran.fr/client/reset-password?[redacted]',
    );
    expect(logAddress('https://cadran.fr/client/confirm-email#token=s3cr3t')).toBe(
      'https://cadran.fr/client/confirm-email?[redacted]',
    );
    expect(logAddress('https://cadran.fr/pricing')).toBe('https://cadran.fr/pricing');
  });

  it('strips the addresses inside a message, leaving the words alone', () => {
    expect(
      withoutAddressSecrets(
        'Failed to fetch /api/v1/website/newsletter/confirm?token=abc.def from https://cadran.fr/newsletter/confirm?token=abc.def',
      ),
    ).toBe(
      'Failed to fetch /api/v1/website/newsletter/confirm?[redacted] from https://cadran.fr/newsletter/confirm?[redacted]',
    );
    expect(withoutAddressSecrets('Are you sure? Yes #1')).toBe('Are you sure? Yes #1');
  });

  it('walks a context’s texts, nested', () => {
    expect(
      contextWithoutAddressSecrets({
        stack: 'at https://cadran.fr/client/reset-password?token=x:1:2',
        request: { url: '/client/confirm-email?token=y', status: 500 },
        list: ['/a?b=c'],
      }),
    ).toEqual({
      stack: 'at https://cadran.fr/client/reset-password?[redacted]',
      request: { url: '/client/confirm-email?[redacted]', status: 500 },
      list: ['/a?[redacted]'],
    });
  });
});
