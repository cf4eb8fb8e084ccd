// `npm test`: the whole suite, in the order CI runs it. The static gates come first, one after
// the other, and stop the run when one fails, within minutes rather than after the long parts.
// They are not run side by side: lint and typecheck each build TypeScript programs of the whole
// repository, and on two cores the three together took longer (173 s) than in sequence (102 s),
// three processes sharing two cores (docs/quality.md, 'The test suite's time'):
//   lint              ESLint, import boundaries on resolved files and no-cycle (eslint.config.js)
//   typecheck         tsc on every package
//   check:cycles      no file cycle, type-only imports included (scripts/check-cycles.mjs)
// Then every test part runs even when an earlier one failed, so a single run reports every
// failure; the exit status is 1 if any part failed.
//   test:unit         domain, server (PGlite, and PostgreSQL with TEST_DATABASE_URL), web
//   test:e2e          browser journeys in Chromium, French and English (skipped loudly without it)
//   test:security     route fuzzing and attacker checks (docs/quality.md)
//   test:reliability  mixed load, crash and restart, database outage (docs/quality.md)
import { spawnSync } from 'node:child_process';

const gates = ['lint', 'typecheck', 'check:cycles'];
const parts = ['test:unit', 'test:e2e', 'test:security', 'test:reliability'];
const failedParts = [];

/** Runs one npm script, printing how long it took (docs/quality.md keeps the figures). */
function run(part) {
  console.log(`\n== npm run ${part}`);
  const started = Date.now();
  const { status } = spawnSync('npm', ['run', part], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`== ${part}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  if (status !== 0) failedParts.push(part);
}

for (const gate of gates) {
  run(gate);
  if (failedParts.length > 0) break;
}
if (failedParts.length > 0) {
  console.error(`\nFailed: ${failedParts.join(', ')} (the tests did not run)`);
  process.exit(1);
}

for (const part of parts) run(part);

// Under CI the runners write JSON reports; one closing line adds them up.
if (process.env.CI) spawnSync('node', ['scripts/test-summary.mjs'], { stdio: 'inherit' });

if (failedParts.length > 0) {
  console.error(`\nFailed: ${failedParts.join(', ')}`);
  process.exit(1);
}
console.log(`\nAll parts passed: ${[...gates, ...parts].join(', ')}`);
