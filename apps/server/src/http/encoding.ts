/** Content codings the server has pre-compressed answers in, best first. */
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * RFC 9110 Accept-Encoding, as far as choosing between our two codings goes: brotli when the
 * client accepts it, else gzip, else the plain text. A coding listed with q=0 is refused;
 * `*` stands for any coding not named.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (value.trim() === '') return 'identity';
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return 'identity';
}
