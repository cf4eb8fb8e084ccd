/**
 * Addresses written to logs (docs/product.md 'Logs from the browser'): a page's query string
 * and fragment may carry a secret (a password-reset or confirmation token, a newsletter link's
 * signature), so a logged address keeps its origin and path and says the rest was removed.
 * Both the browser, before sending, and the server, before writing, apply it.
 */

const REDACTED = '[redacted]';

/** An address anywhere in a text: absolute, or a path starting with `/`, up to a space or quote. */
const ADDRESS_WITH_QUERY =
  /((?:\b[a-z][a-z0-9+.-]*:\/\/|(?<![\w/])\/)[^\s?#"'<>`]*)[?#][^\s"'<>`]*/gi;

/** `address` without its query string and fragment, marked as removed when there was one. */
export function logAddress(address: string): string {
  const cut = address.search(/[?#]/);
  return cut === -1 ? address : `${address.slice(0, cut)}?${REDACTED}`;
}

/** `text` with the query string and fragment of every address in it removed. */
export function withoutAddressSecrets(text: string): string {
  return text.replace(ADDRESS_WITH_QUERY, (_whole, base: string) => `${base}?${REDACTED}`);
}

/** A log context with the addresses in its texts stripped, a few levels deep. */
export function contextWithoutAddressSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutAddressSecrets(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value))
    return value.map((item) => contextWithoutAddressSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      contextWithoutAddressSecrets(item, depth + 1),
    ]),
  );
}
