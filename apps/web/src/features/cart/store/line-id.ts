/**
 * Id of a new cart line, a generated text. crypto.randomUUID exists
 * only in secure contexts, so a site opened over plain http on a LAN address falls back to
 * getRandomValues, which every browser offers.
 */
export function newLineId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
