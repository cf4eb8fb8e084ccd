/**
 * What a form holds once what it sent has been accepted: its empty values again, except the
 * fields the visitor changed while it was being sent, which keep the new typing. Emptying every
 * field on success threw away what a visitor had started to write during a slow send.
 */
export function valuesAfterSending<T extends Record<string, unknown>>(
  current: T,
  sent: T,
  empty: Partial<T>,
): Partial<T> {
  const next: Partial<T> = { ...empty };
  // The sent values' keys too: a field without an empty value (a select left unset) counts.
  for (const key of new Set([...Object.keys(empty), ...Object.keys(sent)]) as Set<keyof T>) {
    if (current[key] !== sent[key]) next[key] = current[key];
  }
  return next;
}
