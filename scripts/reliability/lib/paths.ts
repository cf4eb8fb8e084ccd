import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, whatever the working directory of `npm run test:reliability`. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_DIR = path.join(ROOT, 'apps/server');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
export const RESULTS_FILE = path.join(ROOT, 'test-results/reliability.json');
