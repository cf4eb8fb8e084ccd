// Runs the Playwright journeys, or says loudly why they cannot run here.
import { spawnSync } from 'node:child_process';
import { chromiumPath } from './support/chromium';

if (!chromiumPath()) {
  const bar = '!'.repeat(78);
  console.warn(
    `${bar}\n E2E SKIPPED: no Chromium found (set CHROMIUM_PATH or apt-get install chromium).\n` +
      ` The browser journeys did NOT run.\n${bar}`,
  );
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
