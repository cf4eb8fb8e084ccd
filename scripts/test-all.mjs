// `npm test`: the whole suite, in the order CI runs it. Every part runs even when an earlier
// one failed, so a single run reports every failure; the exit status is 1 if any part failed.
//   test:unit         domain, server (PGlite, and PostgreSQL with TEST_DATABASE_URL), web
//   test:e2e          browser journeys in Chromium, French and English (skipped loudly without it)
//   test:security     route fuzzing and attacker checks (docs/quality.md)
//   test:reliability  mixed load, crash and restart, database outage (docs/quality.md)
import { spawnSync } from 'node:child_process';

const parts = ['test:unit', 'test:e2e', 'test:security', 'test:reliability'];
const failedParts = [];

for (const part of parts) {
  console.log(`\n== npm run ${part}`);
  const run = spawnSync('npm', ['run', part], { stdio: 'inherit' });
  if (run.status !== 0) failedParts.push(part);
}

// Under CI the runners write JSON reports; one closing line adds them up.
if (process.env.CI) spawnSync('node', ['scripts/test-summary.mjs'], { stdio: 'inherit' });

if (failedParts.length > 0) {
  console.error(`\nFailed: ${failedParts.join(', ')}`);
  process.exit(1);
}
console.log(`\nAll parts passed: ${parts.join(', ')}`);
