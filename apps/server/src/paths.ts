import { fileURLToPath } from 'node:url';

/**
 * Folders located from this file rather than from the process cwd, so `npm start` from the
 * repository root, `npm start -w @cadran/server` and the tests all find the same places.
 */
export const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url));
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
