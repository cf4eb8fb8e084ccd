import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '../src/db/pglite-lock';
import { users } from '../src/db/schema/users';
import { verifyPassword } from '../src/modules/auth/password';
import { runAdminCli, withDataDirDatabase } from './cli-helpers';
import { testDbTarget } from './helper';

/**
 * `npm run admin -- create-admin` as an operator runs it: a real process on a real data folder
 * (embedded database), then the folder is opened to check what it wrote.
 */

const accountIn = (dataDir: string, email: string) =>
  withDataDirDatabase(dataDir, async ({ db }) => {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row;
  });

// The CLI is tested on the embedded database; the PostgreSQL run of the suite skips it.
describe.skipIf(testDbTarget() !== 'pglite')('admin CLI: create-admin', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cadran-admin-cli-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('creates an administrator with an argon2id hash, on a fresh data folder', async () => {
    const run = await runAdminCli(dataDir, [
      'create-admin',
      '--email',
      '  Chef@Cadran.FR ',
      '--password',
      'Horloge-Lumineuse-7',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Administrator account created: chef@cadran.fr');
    const row = await accountIn(dataDir, 'chef@cadran.fr');
    expect(row).toMatchObject({ role: 'admin', email: 'chef@cadran.fr' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, 'Horloge-Lumineuse-7')).toBe(true);
  }, 60_000);

  it('updates the password of an existing administrator, read from stdin', async () => {
    const run = await runAdminCli(
      dataDir,
      ['create-admin', '--email', 'chef@cadran.fr', '--password-stdin'],
      'Nouveau-Cadran-2025\n',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Administrator password updated: chef@cadran.fr');
    const row = await accountIn(dataDir, 'chef@cadran.fr');
    expect(await verifyPassword(row!.passwordHash, 'Nouveau-Cadran-2025')).toBe(true);
  }, 60_000);

  it('refuses bad usage and bad input without touching the database (exit 2)', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /Usage: npm run admin/],
      [['drop-everything'], /unknown command "drop-everything"/],
      [['create-admin', '--password', 'Horloge-Lumineuse-7'], /--email is required/],
      [['create-admin', '--email', 'a@cadran.fr'], /--password .* is required/],
      [
        ['create-admin', '--email', 'pas-un-email', '--password', 'Horloge-Lumineuse-7'],
        /email: must be a valid email/,
      ],
      [
        ['create-admin', '--email', 'a@cadran.fr', '--password', 'court'],
        /password: must be at least 8/,
      ],
      [
        ['create-admin', '--email', 'a@cadran.fr', '--password', 'Password123'],
        /password: is one of the most common passwords of public breaches/,
      ],
      [['create-admin', '--email', 'a@cadran.fr', '--pasword', 'x'], /Unknown option '--pasword'/],
    ];
    for (const [args, message] of cases) {
      const run = await runAdminCli(dataDir, args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout + run.stderr, args.join(' ')).toMatch(message);
    }
    expect(await accountIn(dataDir, 'a@cadran.fr')).toBeUndefined();
  }, 120_000);

  it('refuses to open a data folder a running server holds (exit 1)', async () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      const run = await runAdminCli(dataDir, [
        'create-admin',
        '--email',
        'b@cadran.fr',
        '--password',
        'Horloge-Lumineuse-7',
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Another Cadran server is already using DATA_DIR/);
    } finally {
      lock.release();
    }
  }, 60_000);
});
