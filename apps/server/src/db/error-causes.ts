/**
 * Drizzle wraps the driver's error in `cause` (and a pool may wrap it again), so the code or
 * message that says what went wrong sits somewhere down the chain. These walk it once.
 */

/** `error` and each error it wraps, outermost first; a chain that loops is walked once. */
export function causeChain(error: unknown): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && !chain.includes(current)) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/** Whether `error` or an error it wraps satisfies `predicate`. */
export const someCause = (error: unknown, predicate: (cause: Error) => boolean): boolean =>
  causeChain(error).some(predicate);

/** The driver's SQLSTATE or network code of one error of the chain, when it has one. */
export const errorCode = (error: Error): unknown => (error as { code?: unknown }).code;
