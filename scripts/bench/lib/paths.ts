import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, whatever the working directory of `npm run bench`. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const WEB_DIR = path.join(ROOT, 'apps/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
export const SERVER_DIR = path.join(ROOT, 'apps/server');
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
