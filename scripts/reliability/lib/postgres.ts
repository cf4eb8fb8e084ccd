import {
  createScratchDatabase as createDatabase,
  type ScratchDatabase,
} from '../../../apps/server/test/support/scratch-database';

export type { ScratchDatabase };

/** A throw-away database for one scenario, named after it, on TEST_DATABASE_URL's server. */
export const createScratchDatabase = (adminUrl: string, label: string): Promise<ScratchDatabase> =>
  createDatabase(adminUrl, `cadran_rel_${label}`);

/** The same database reached through another host and port (the cuttable proxy). */
export function throughPort(url: string, port: number): string {
  const via = new URL(url);
  via.hostname = '127.0.0.1';
  via.port = String(port);
  return via.toString();
}
