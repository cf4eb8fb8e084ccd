// Prints one plain closing line, "N passed, N failed, N skipped", over every runner CI uses:
// Vitest (unit and server, then the security suite) and Playwright write JSON reports when CI
// is set; the reliability run writes its scenario outcomes. Under it, each failed test with the
// head of its error: a CI log is often read from its end, where the parts' own reports of a
// failure, printed minutes earlier, are no longer in view.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {string[]} */
const failures = [];
const ERROR_LINES = 12;

/** The first lines of an error, colour codes removed, indented under its test. */
const head = (/** @type {string} */ message) =>
  message
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .slice(0, ERROR_LINES)
    .map((line) => `    ${line}`)
    .join('\n');

/** @param {string} file */
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

for (const file of ['test-results/vitest.json', 'test-results/security.json']) {
  /** @type {{ numPassedTests?: number, numFailedTests?: number, numPendingTests?: number, numTodoTests?: number } | undefined} */
  const report = readJson(file);
  if (!report) continue;
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  /** @type {{ name: string, assertionResults?: { fullName: string, status: string, failureMessages?: string[] }[] }[]} */
  const files = /** @type {any} */ (report).testResults ?? [];
  for (const file of files)
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed')
        failures.push(`${file.name} > ${test.fullName}\n${head(test.failureMessages?.[0] ?? '')}`);
}

/** @type {{ stats?: { expected?: number, flaky?: number, unexpected?: number, skipped?: number } } | undefined} */
const playwright = readJson('e2e/test-results/results.json');
if (playwright?.stats) {
  const stats = playwright.stats;
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  collectPlaywrightFailures(/** @type {any} */ (playwright).suites ?? [], []);
}

/**
 * Walks Playwright's nested suites for tests whose outcome was unexpected.
 * @param {{ title: string, specs?: any[], suites?: any[] }[]} suites
 * @param {string[]} titles
 */
function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const result = test.results?.at(-1);
          const message = result?.error?.message ?? result?.errors?.[0]?.message ?? result?.status;
          failures.push(`${[...path, spec.title].join(' > ')}\n${head(String(message ?? ''))}`);
        }
    collectPlaywrightFailures(suite.suites ?? [], path);
  }
}

/** @type {{ scenarios?: { passed: string[], failed: string[] } } & Record<string, unknown> | undefined} */
const reliability = readJson('test-results/reliability.json');
if (reliability?.scenarios) {
  passed += reliability.scenarios.passed.length;
  failed += reliability.scenarios.failed.length;
  if (reliability.scenarios.failed.length > 0) {
    failures.push(`reliability > ${reliability.scenarios.failed.join(', ')}`);
    collectReliabilityProblems(reliability);
  }
}

/**
 * A failed scenario's own lines were printed beside the security suite's, minutes before the
 * end of the log: its problems are listed here again, under the figures key that holds them
 * (a scenario run twice, as the crash on each database, keeps a list of figures).
 * @param {Record<string, unknown>} results
 */
function collectReliabilityProblems(results) {
  for (const [key, value] of Object.entries(results))
    for (const figures of Array.isArray(value) ? value : [value]) {
      const problems = /** @type {{ problems?: unknown }} */ (figures ?? {}).problems;
      if (!Array.isArray(problems) || problems.length === 0) continue;
      const label = /** @type {{ driver?: unknown }} */ (figures).driver;
      failures.push(
        `reliability > ${key}${typeof label === 'string' ? ` (${label})` : ''}\n${head(problems.map(String).join('\n'))}`,
      );
    }
}

console.log(`Summary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failures.length > 0)
  console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
