// Starts the real server for the journeys on a fresh, throw-away embedded database.
// TRUST_PROXY=loopback lets each test present its own client address (X-Forwarded-For), so
// per-IP rate limits of one journey never leak into another. VIES is a local stand-in (no
// journey reaches the internet), and the journeys' promo code is created first, as an operator
// creates one: `npm run admin -- promo-create`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverDir, serverEntry, adminCliEntry } from './server-entries';
import { E2E_PROMO_CODE } from './shop-data';
import { startViesStandIn } from './vies-stand-in';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cadran-e2e-'));
const vies = await startViesStandIn();

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: process.env.E2E_PORT ?? '3210',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  TRUST_PROXY: 'loopback',
  LOG_LEVEL: 'warn',
  VIES_ENABLED: 'true',
  VIES_URL: vies.url,
  VIES_TIMEOUT_MS: '2000',
};

const promo = spawnSync(
  process.execPath,
  [...adminCliEntry(), 'promo-create', '--code', E2E_PROMO_CODE, '--percent', '10'],
  { cwd: serverDir, env, encoding: 'utf8' },
);
if (promo.status !== 0) {
  console.error(`promo code not created: ${promo.stderr || promo.stdout}`);
  vies.server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

const server = spawn(process.execPath, serverEntry(), {
  cwd: serverDir,
  stdio: 'inherit',
  env,
});

const stop = (signal: NodeJS.Signals) => {
  server.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  vies.server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
