import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { domainNameSchema, isValidDomain, normalizeDomain, parseDomain } from './domain-name';

const label63 = 'a'.repeat(63);
const label64 = 'a'.repeat(64);

describe('normalizeDomain', () => {
  it.each([
    ['https://www.Example.com/path?q', 'example.com'],
    ['  HTTP://Example.COM  ', 'example.com'],
    ['www.example.fr', 'example.fr'],
    ['example.com/a/b#frag', 'example.com'],
    ['example.com?x=1', 'example.com'],
    ['example.com#top', 'example.com'],
    ['https://sub.example.co.uk/', 'sub.example.co.uk'],
    ['ftp://example.com', 'ftp:'],
    ['wwwexample.com', 'wwwexample.com'],
    ['www.www.example.com', 'example.com'],
    ['example.com:8080', 'example.com:8080'],
  ])('%j -> %j', (raw, expected) => {
    expect(normalizeDomain(raw)).toBe(expected);
  });
});

describe('parseDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['https://www.Example.com/path?q', 'example.com'],
    ['EXAMPLE.COM', 'example.com'],
    ['xn--bcher-kva.ch', 'xn--bcher-kva.ch'],
    ['shop.xn--p1ai', 'shop.xn--p1ai'],
    ['my-site.fr', 'my-site.fr'],
    ['a.b.c.d.example.org', 'a.b.c.d.example.org'],
    ['123.example.io', '123.example.io'],
    [`${label63}.com`, `${label63}.com`],
    ['ex.co', 'ex.co'],
  ])('accepts %j as %j', (raw, domain) => {
    expect(parseDomain(raw)).toEqual({ ok: true, domain });
  });

  it.each([
    [''],
    ['   '],
    ['localhost'],
    ['example'],
    ['example.c'],
    ['example.com.'],
    ['.example.com'],
    ['example..com'],
    ['example.com:8080'],
    ['exa mple.com'],
    ['exa_mple.com'],
    ['-example.com'],
    ['example-.com'],
    ['example.-com'],
    [`${label64}.com`],
    ['bücher.ch'],
    ['user@example.com'],
    ['https://'],
    ['www.'],
    ['http://www./'],
    ['192.168.1.1'],
    ['ftp://example.com'],
    [`${'a.'.repeat(126)}com`],
  ])('refuses %j', (raw) => {
    expect(parseDomain(raw)).toEqual({ ok: false });
  });

  it('refuses non-strings and huge inputs', () => {
    expect(parseDomain(undefined)).toEqual({ ok: false });
    expect(parseDomain(42)).toEqual({ ok: false });
    expect(parseDomain(`example.com/${'x'.repeat(5000)}`)).toEqual({ ok: false });
  });

  it('enforces the 253-character limit', () => {
    const name = (length: number) => {
      const labels: string[] = [];
      let remaining = length - 4; // room for '.com'
      while (remaining > 0) {
        const size = Math.min(63, remaining - (labels.length > 0 ? 1 : 0));
        labels.push('a'.repeat(size));
        remaining -= size + (labels.length > 1 ? 1 : 0);
      }
      return `${labels.join('.')}.com`;
    };
    expect(name(253)).toHaveLength(253);
    expect(isValidDomain(name(253))).toBe(true);
    expect(name(254)).toHaveLength(254);
    expect(isValidDomain(name(254))).toBe(false);
  });
});

const labelArb = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/);
const tldArb = fc.stringMatching(/^[a-z]{2,10}$/);
const validDomainArb = fc
  .tuple(fc.array(labelArb, { minLength: 1, maxLength: 3 }), tldArb)
  .map(([labels, tld]) => [...labels, tld].join('.'))
  .filter((domain) => domain.length <= 253 && !domain.startsWith('www.'));

describe('domain properties', () => {
  it('normalising is idempotent', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          validDomainArb.map((d) => `  HTTPS://WWW.${d}/x `),
        ),
        (raw) => {
          const once = normalizeDomain(raw);
          expect(normalizeDomain(once)).toBe(once);
        },
      ),
    );
  });

  it('every accepted output follows the rules', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.domain(), fc.webUrl()), (raw) => {
        const parsed = parseDomain(raw);
        if (!parsed.ok) return;
        const { domain } = parsed;
        expect(domain.length).toBeGreaterThanOrEqual(1);
        expect(domain.length).toBeLessThanOrEqual(253);
        expect(domain).toBe(domain.toLowerCase());
        const labels = domain.split('.');
        expect(labels.length).toBeGreaterThanOrEqual(2);
        expect(labels.at(-1)!.length).toBeGreaterThanOrEqual(2);
        for (const label of labels) {
          expect(label).toMatch(/^[a-z0-9-]{1,63}$/);
          expect(label.startsWith('-') || label.endsWith('-')).toBe(false);
        }
      }),
    );
  });

  it('generated valid domains pass, whatever URL decoration surrounds them', () => {
    fc.assert(
      fc.property(
        validDomainArb,
        fc.constantFrom('', 'http://', 'https://', 'HTTPS://'),
        fc.constantFrom('', 'www.', 'WWW.'),
        fc.constantFrom('', '/', '/path/to', '?q=1', '#frag'),
        (domain, scheme, www, tail) => {
          expect(parseDomain(` ${scheme}${www}${domain.toUpperCase()}${tail} `)).toEqual({
            ok: true,
            domain,
          });
        },
      ),
    );
  });
});

describe('domainNameSchema', () => {
  const schema = domainNameSchema({
    required: 'checkout.domain_required',
    invalid: 'checkout.domain_invalid',
  });

  it('outputs the normalised domain', () => {
    expect(schema.parse('https://www.Example.com/')).toBe('example.com');
  });

  it('reports required before invalid', () => {
    expect(schema.safeParse('').error?.issues.map((i) => i.message)).toEqual([
      'checkout.domain_required',
    ]);
    expect(schema.safeParse('https://www.').error?.issues.map((i) => i.message)).toEqual([
      'checkout.domain_required',
    ]);
    expect(schema.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual([
      'checkout.domain_required',
    ]);
    expect(schema.safeParse('nope').error?.issues.map((i) => i.message)).toEqual([
      'checkout.domain_invalid',
    ]);
    expect(schema.safeParse('x'.repeat(3000)).error?.issues.map((i) => i.message)).toEqual([
      'checkout.domain_invalid',
    ]);
  });
});
