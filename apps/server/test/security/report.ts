import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Figures of a security run for docs/quality.md: one JSON line per fuzzed route (cases run,
 * answers by status) in test-results/security-fuzz.jsonl at the repository root, emptied by
 * the global setup at the start of each run.
 */
export const FUZZ_STATS_FILE = path.resolve(
  import.meta.dirname,
  '../../../../test-results/security-fuzz.jsonl',
);

export function recordFuzzStats(
  route: string,
  cases: number,
  statuses: ReadonlyMap<number, number>,
): void {
  mkdirSync(path.dirname(FUZZ_STATS_FILE), { recursive: true });
  const byStatus = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
  appendFileSync(FUZZ_STATS_FILE, `${JSON.stringify({ route, cases, byStatus })}\n`);
}
