import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// What `node` runs for the server and for the operator commands: the production bundles that
// `npm run test:e2e` builds first (`npm run build`), as production runs them; the TypeScript
// source through tsx when no build is there (a journey run by hand before any build). Through
// tsx each start compiled the whole server again, the slowest part of a set-up on a loaded host.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The server package, the working directory of both. */
export const serverDir = path.join(root, 'apps/server');

function entry(bundle: string, source: string): string[] {
  const bundled = path.join(serverDir, 'dist', bundle);
  return existsSync(bundled)
    ? ['--enable-source-maps', bundled]
    : ['--import', 'tsx', path.join('src', source)];
}

/** `node` arguments that start the server. */
export const serverEntry = () => entry('server.js', 'server.ts');

/** `node` arguments that run an operator command (`npm run admin -- …`): append its words. */
export const adminCliEntry = () => entry('admin.js', path.join('cli', 'admin.ts'));
