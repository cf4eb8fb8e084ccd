/**
 * Reconnection delays of the realtime client (docs/product.md 'Roadmap' ('Live refresh')):
 * exponential, capped, with "equal jitter" (half fixed, half random) so a restarted server is not
 * hit by every page at the same instant, while no retry comes sooner than half its step.
 */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 10_000;

/** Delay before attempt number `attempt` (0 for the first retry); `random` is in [0, 1). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + random() * (step / 2));
}
