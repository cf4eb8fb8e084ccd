import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './support/chromium';

// The journeys run against the real production build served by the real server, on a
// fresh embedded database made for this run (see support/start-server.ts).
const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  // No retry, in CI either: a test that passes on its second try is a flake to fix, not a pass.
  retries: 0,
  // A whole journey (sign-up, checkout, payment, PDF) takes 15 to 40 s on a quiet 2-core host and
  // up to three times that on a slow host (a page load of 16 s was seen); the limits catch a journey
  // that hangs, not a slow one.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/results.json' }]]
    : 'list',
  use: {
    baseURL,
    locale: 'fr-FR',
    // A failed journey keeps its trace of actions, network and console with their timings (what
    // tells a slow host from a wrong page) and one screenshot at the failure. The trace's frame
    // screencast and DOM snapshots of every step are left out: recorded for every journey to be
    // thrown away when it passes, they cost 45 % more CPU on two specs (docs/quality.md).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath() ?? undefined, args: chromiumArgs },
  },
  webServer: {
    command: `node --import tsx support/start-server.ts`,
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port) },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
