import { z } from 'zod';
import type { MessageKey } from './messages';

/** Domain names (docs/product.md 'Checkout' ('Domain names')). */
export const DOMAIN_MAX = 253;
export const DOMAIN_LABEL_MAX = 63;
/** Longest raw input looked at: a pasted URL may be long, an essay may not. */
export const DOMAIN_INPUT_MAX = 2048;

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * Lowercases, trims, drops a leading http:// or https://, everything from the first '/', '?'
 * or '#' (path, query, fragment) and any leading 'www.'. Idempotent: the output has no outer
 * space, no '/?#' and no leading 'www.'. Nothing else is repaired: a port, a trailing dot or an
 * inner space stays and makes the value invalid.
 */
export function normalizeDomain(raw: string): string {
  let value = raw.toLowerCase().trim();
  value = value.replace(/^https?:\/\//, '');
  value = (value.split(/[/?#]/)[0] ?? '').trimEnd();
  while (value.startsWith('www.')) value = value.slice(4).trimStart();
  return value;
}

/**
 * Checks an already normalised name: 1..253 characters, dot-separated labels of ASCII letters,
 * digits or hyphens, each 1..63 long and not starting or ending with a hyphen, at least one dot,
 * last label at least 2 characters. Internationalised names are accepted in punycode (xn--).
 */
export function isValidDomain(domain: string): boolean {
  if (domain.length < 1 || domain.length > DOMAIN_MAX) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const last = labels[labels.length - 1] ?? '';
  if (last.length < 2) return false;
  return labels.every((label) => label.length <= DOMAIN_LABEL_MAX && LABEL.test(label));
}

export type ParsedDomain = { ok: true; domain: string } | { ok: false };

/** Normalises then validates; a valid domain is kept in its normalised form. */
export function parseDomain(raw: unknown): ParsedDomain {
  if (typeof raw !== 'string' || raw.length > DOMAIN_INPUT_MAX) return { ok: false };
  const domain = normalizeDomain(raw);
  return isValidDomain(domain) ? { ok: true, domain } : { ok: false };
}

/** A zod field that outputs the normalised domain, with the caller's message keys. */
export const domainNameSchema = (keys: { required: MessageKey; invalid: MessageKey }) =>
  z.string({ error: keys.required }).transform((raw, ctx) => {
    if (raw.length > DOMAIN_INPUT_MAX) {
      ctx.issues.push({ code: 'custom', message: keys.invalid, input: raw });
      return z.NEVER;
    }
    const domain = normalizeDomain(raw);
    if (domain === '') {
      ctx.issues.push({ code: 'custom', message: keys.required, input: raw });
      return z.NEVER;
    }
    if (!isValidDomain(domain)) {
      ctx.issues.push({ code: 'custom', message: keys.invalid, input: raw });
      return z.NEVER;
    }
    return domain;
  });
