/**
 * A clock a test moves (buildTestApp's `now` for licences, `clock` for sessions and rate-limit
 * windows): time passes only when the test says so, so a test crosses a window or outlives a
 * session at once, and no window edge ever falls in the middle of a test.
 */
export function movableClock(start = new Date()) {
  let current = start;
  return {
    now: () => current,
    set: (date: Date) => {
      current = date;
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * The first instant after `from` at which a fixed window of `windowMs` starts. Windows are
 * multiples of their width since the epoch, so this also starts every shorter window that
 * divides it (a minute and a quarter of an hour in an hour).
 */
export const nextWindowStart = (from: Date, windowMs: number): Date =>
  new Date((Math.floor(from.getTime() / windowMs) + 1) * windowMs);
