// Prints one plain closing line, "N passed, N failed, N skipped", over every runner CI uses:
// Vitest (unit and server, then the security suite) and Playwright write JSON reports when CI
// is set; the reliability run writes its scenario outcomes.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

/** @param {string} file */
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

for (const file of ['test-results/vitest.json', 'test-results/security.json']) {
  /** @type {{ numPassedTests?: number, numFailedTests?: number, numPendingTests?: number, numTodoTests?: number } | undefined} */
  const report = readJson(file);
  if (!report) continue;
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

/** @type {{ stats?: { expected?: number, flaky?: number, unexpected?: number, skipped?: number } } | undefined} */
const playwright = readJson('e2e/test-results/results.json');
if (playwright?.stats) {
  const stats = playwright.stats;
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}

/** @type {{ scenarios?: { passed: string[], failed: string[] } } | undefined} */
const reliability = readJson('test-results/reliability.json');
if (reliability?.scenarios) {
  passed += reliability.scenarios.passed.length;
  failed += reliability.scenarios.failed.length;
}

console.log(`Summary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
