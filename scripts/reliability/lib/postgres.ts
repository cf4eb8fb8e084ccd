import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throw-away database on the PostgreSQL server of TEST_DATABASE_URL (as the server test
 * suite does), so a run never touches anyone's data and leaves nothing behind.
 */
export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

export async function createScratchDatabase(
  adminUrl: string,
  label: string,
): Promise<ScratchDatabase> {
  const name = `cadran_rel_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The same database reached through another host and port (the cuttable proxy). */
export function throughPort(url: string, port: number): string {
  const via = new URL(url);
  via.hostname = '127.0.0.1';
  via.port = String(port);
  return via.toString();
}
