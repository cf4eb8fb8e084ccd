import { execFileSync } from 'node:child_process';
import { SERVER_DIR } from './lib/paths';
import type { SectionResult } from './lib/results';

/**
 * A 200 MB release file into each artifact store and back (docs/quality.md 'Release files'):
 * the server's `bench/artifact-memory.ts` streams it and samples its resident memory. The
 * budget: memory grows by less than 96 MB whatever the file's size.
 */

interface StoreRun {
  store: string;
  sizeMb: number;
  matches: boolean;
  uploadMs: number;
  downloadMs: number;
  rssGrowthMb: number;
}

const RSS_BUDGET_MB = 96;

export function runArtifacts(): SectionResult {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/artifact-memory.ts', '200'],
    { cwd: SERVER_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 600_000 },
  );
  const runs = output
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as StoreRun);
  return {
    name: 'Release files (200 MB)',
    tables: [
      {
        title: 'Upload and download of a 200 MB file, streamed',
        columns: ['store', 'upload', 'download', 'resident memory growth', 'bytes match'],
        rows: runs.map((run) => [
          run.store,
          `${run.uploadMs} ms`,
          `${run.downloadMs} ms`,
          `${run.rssGrowthMb} MB`,
          run.matches ? 'yes' : 'NO',
        ]),
      },
    ],
    budgets: runs.map((run) => ({
      name: `${run.store} store: memory growth for 200 MB`,
      target: `< ${RSS_BUDGET_MB} MB`,
      measured: `${run.rssGrowthMb} MB`,
      pass: run.matches && run.rssGrowthMb < RSS_BUDGET_MB,
    })),
    data: runs,
  };
}
