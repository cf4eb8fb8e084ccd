import { useEffect, useState } from 'react';
import { wrapIndex } from '../screens';

/**
 * Advances an index every `intervalMs` while `running` (the hero turns every 5 seconds). The
 * timer restarts whenever the index changes, so a screen chosen by
 * hand stays a full period before the next one.
 */
export function useAutoRotation(count: number, intervalMs: number, running: boolean) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (!running || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => wrapIndex(i, 1, count)), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, count, intervalMs, index]);

  return [index, setIndex] as const;
}
