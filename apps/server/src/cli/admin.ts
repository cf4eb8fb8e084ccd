import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfigFromProcess } from '../config';
import { DataDirLockedError } from '../db/pglite-lock';
import { createOrPromoteAdmin } from '../modules/admin/admin-accounts';
import { generateSigningJwk } from '../modules/licenses/signing';
import { withCommandDatabase } from './database';
import { markPaidCommand, MARK_PAID_USAGE } from './mark-paid';
import { PROMO_USAGE, promoCreateCommand, promoListCommand } from './promo-codes';
import { UsageError } from './usage-error';
import { countOf } from './words';

/**
 * Operator commands (docs/product.md 'Back office'), run as `npm run admin -- <command> [options]`
 * from the repository root. The database is the server's own (DATA_DIR or DATABASE_URL); with the
 * embedded database the server must be stopped first, since PGlite has one owner at a time.
 */

const USAGE = `Usage: npm run admin -- create-admin --email <address> (--password <password> | --password-stdin)
                                    [--role admin|support] [--reset-second-factor]
                                    [--first-name <name>] [--last-name <name>]

Creates a staff account (an administrator unless --role support), or gives an existing account
that role and sets its password (its open sessions are ended). --reset-second-factor removes
its authenticator, for a staff member who lost it: they set up a new one at next sign-in.
Uses DATA_DIR, or DATABASE_URL when it is set. --password-stdin reads the password from
standard input, keeping it out of the shell history.

${MARK_PAID_USAGE}

${PROMO_USAGE}

Usage: npm run admin -- license-key

Prints a new Ed25519 private key (a JSON Web Key) for LICENSE_SIGNING_KEY, the key that signs
licence files (docs/decisions/016-licence-files-and-jose.md). Nothing is stored.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function createAdmin(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      role: { type: 'string' },
      'reset-second-factor': { type: 'boolean' },
    },
    strict: true,
  });
  const role = values.role ?? 'admin';
  if (role !== 'admin' && role !== 'support') throw new UsageError('--role is admin or support');
  const { email } = values;
  if (!email) throw new UsageError('--email is required');
  if (values.password !== undefined && values['password-stdin']) {
    throw new UsageError('give either --password or --password-stdin, not both');
  }
  const password = values['password-stdin'] ? await readStdin() : values.password;
  if (!password) throw new UsageError('--password (or --password-stdin) is required');

  await withCommandDatabase(loadConfigFromProcess(), async (database) => {
    const result = await createOrPromoteAdmin(database.db, {
      email,
      password,
      ...(values['first-name'] ? { firstName: values['first-name'] } : {}),
      ...(values['last-name'] ? { lastName: values['last-name'] } : {}),
      role,
      resetSecondFactor: values['reset-second-factor'] === true,
    });
    const title = role === 'admin' ? 'Administrator' : 'Support';
    const what = {
      created: `${title} account created`,
      promoted: `Existing account given the ${role} role; password set`,
      updated: `${title} password updated`,
    }[result.action];
    const ended =
      result.sessionsEnded > 0
        ? ` (${countOf(result.sessionsEnded, 'session', 'sessions')} ended)`
        : '';
    const reset = result.secondFactorReset ? '; authenticator removed' : '';
    process.stdout.write(`${what}: ${result.email}${ended}${reset}\n`);
  });
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'create-admin':
        await createAdmin(rest);
        return 0;
      case 'mark-paid':
        return await markPaidCommand(rest);
      case 'promo-create':
        return await promoCreateCommand(rest);
      case 'promo-list':
        return await promoListCommand(rest);
      case 'license-key':
        process.stdout.write(`${JSON.stringify(await generateSigningJwk())}\n`);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(`${USAGE}\n`);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof z.ZodError) {
      const problems = error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
      process.stderr.write(`Invalid input:\n${problems.join('\n')}\n`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stderr.write(`${command} failed: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
