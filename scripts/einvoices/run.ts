import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_ROOT } from '../../apps/server/src/paths';
import { freePort, ServerProcess } from '../../apps/server/test/support/server-process';
import { ViesStandIn } from '../../apps/server/test/vies-stand-in';
import { VIES_CONFIRMS, VIES_DOWN } from './lib/buyers';
import { issueEveryCase, type IssuedDocument } from './lib/cases';
import { signInStaff } from './lib/session';
import { validate } from './lib/validator';

/**
 * E-invoices issued by a running server, then checked (docs/quality.md 'E-invoices (EN 16931)').
 * Starts the real server in demo mode (payment sandbox, mail outbox, the demo e-invoice platform
 * writing DATA_DIR/einvoices/) on a fresh embedded database, with a local stand-in for VIES;
 * issues every case through the HTTP API as buyers and a staff member signed in with a second
 * factor; collects each document's Factur-X file as the platform received it; and, given a
 * validation command, runs it on each file and prints a table.
 *
 *   node --import tsx scripts/einvoices/run.ts [--validate "<command>"] [--out <dir>]
 *
 * The command may also come from EINVOICE_VALIDATOR; BENCH_PORT chooses the server's port.
 */

const { values: options } = parseArgs({
  options: { validate: { type: 'string' }, out: { type: 'string' } },
});
const validator = options.validate ?? process.env.EINVOICE_VALIDATOR;
const STAFF = {
  email: 'comptable@cadran.test',
  password: `Staff-${randomBytes(6).toString('hex')}-Ok`,
};
const PROMO = 'FACTURX10';

function shell(dataDir: string, env: Record<string, string>, args: string[]): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`admin ${args[0]}: ${run.stderr || run.stdout}`);
}

async function waitForFiles(dir: string, numbers: readonly string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const missing = numbers.filter((n) => !existsSync(path.join(dir, `${n}.pdf`)));
    if (missing.length === 0) return;
    if (Date.now() > deadline) throw new Error(`never deposited: ${missing.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function printTable(rows: Array<Record<string, string | number>>): void {
  const keys = Object.keys(rows[0] ?? {});
  const width = (k: string) => Math.max(k.length, ...rows.map((r) => String(r[k]).length));
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  console.log(line(keys.map((k) => k.padEnd(width(k)))));
  console.log(line(keys.map((k) => '-'.repeat(width(k)))));
  for (const row of rows) console.log(line(keys.map((k) => String(row[k]).padEnd(width(k)))));
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadran-einvoices-'));
  const vies = new ViesStandIn();
  for (const number of VIES_CONFIRMS) vies.set(number, 'valid');
  for (const number of VIES_DOWN) vies.set(number, 'down');
  await vies.start();
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    DATABASE_URL: '',
    PUBLIC_URL: '',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    STAFF_SECOND_FACTOR: 'required',
    EINVOICE_PLATFORM: 'demo',
    PAYMENT_SANDBOX: 'true',
    BANK_HOLDER: 'Cadran SAS',
    BANK_IBAN: 'FR7630004000031234567890143',
    BANK_BIC: 'CDRNFRPPXXX',
    ...vies.env(),
  };
  let server: ServerProcess | undefined;
  try {
    shell(dataDir, env, ['create-admin', '--email', STAFF.email, '--password', STAFF.password]);
    shell(dataDir, env, ['promo-create', '--code', PROMO, '--percent', '10']);
    const port = Number(process.env.BENCH_PORT) || (await freePort());
    server = await ServerProcess.start({ port, env: { ...env, DATA_DIR: dataDir } }, 120_000);
    const staff = await signInStaff(server.url, STAFF);
    const { templates } = (await staff.get('/api/v1/website/templates')) as {
      templates: { id: number; billing_cycle: string }[];
    };
    const renewable = templates.filter((t) => t.billing_cycle !== 'one_time');
    const [yearly, other] = [renewable[0], renewable[1] ?? renewable[0]];
    if (!yearly || !other) throw new Error('no renewable template in the catalogue');
    const issued = await issueEveryCase({
      base: server.url,
      staff,
      promoCode: PROMO,
      yearly: yearly.id,
      other: other.id,
    });
    const empty = issued.filter((doc) => doc.number === '');
    if (empty.length) throw new Error(`no document for ${empty.map((d) => d.case).join(', ')}`);
    const platformDir = path.join(dataDir, 'einvoices');
    await waitForFiles(
      platformDir,
      issued.map((doc) => doc.number),
      120_000,
    );
    return report(issued, platformDir);
  } finally {
    await server?.stop();
    await vies.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(issued: readonly IssuedDocument[], platformDir: string): number {
  const out = options.out ? path.resolve(options.out) : undefined;
  if (out) mkdirSync(out, { recursive: true });
  const files = issued.map((doc) => {
    const name = `${doc.case}-${doc.number}.pdf`;
    const file = out ? path.join(out, name) : path.join(platformDir, `${doc.number}.pdf`);
    if (out) copyFileSync(path.join(platformDir, `${doc.number}.pdf`), file);
    return file;
  });
  const rows = issued.map((doc, i) => ({
    case: doc.case,
    lang: doc.language,
    file: path.basename(files[i] ?? ''),
    what: doc.what,
  }));
  if (!validator) {
    printTable(rows);
    console.log(
      '\nNo validator given (--validate or EINVOICE_VALIDATOR): files issued, not checked.',
    );
    return 0;
  }
  const verdicts = validate(validator, files);
  printTable(
    rows.map((row, i) => ({
      ...row,
      'rules fired': verdicts[i]?.rulesFired ?? 0,
      fatal: verdicts[i]?.fatal ?? 0,
      warnings: verdicts[i]?.warnings ?? 0,
    })),
  );
  for (const verdict of verdicts) for (const line of verdict.failed) console.log(line);
  const fatal = verdicts.reduce((sum, v) => sum + v.fatal, 0);
  console.log(`\n${issued.length} documents, ${fatal} fatal`);
  return fatal === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
