import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throw-away database on the PostgreSQL server of an administrative URL (TEST_DATABASE_URL),
 * so a test or a reliability run never touches anyone's data and leaves nothing behind.
 */
export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates `<prefix>_<random>`, empty or as a copy of the database named `template`; `drop`
 * removes it, ending any connection still open on it.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
