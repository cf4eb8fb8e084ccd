import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { FUZZ_STATS_FILE } from './report';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A private copy of the web build, safe from a rebuild running meanwhile. */
    webDist: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/**
 * The suites serve the real web build (the XSS checks render it in a browser, the fuzzer
 * reaches its static routes). It is built when missing, then copied, so a `vite build`
 * started elsewhere during the run cannot pull files from under the server.
 */
export default function setup(project: TestProject): () => void {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    process.stdout.write('security suite: no web build found, running `npm run build`...\n');
    // Vitest sets NODE_ENV=test, which would give Vite's development build of React: the
    // suites check the build a visitor gets.
    execFileSync('npm', ['run', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  rmSync(FUZZ_STATS_FILE, { force: true });
  const copy = mkdtempSync(path.join(tmpdir(), 'cadran-security-web-'));
  cpSync(WEB_DIST, copy, { recursive: true });
  project.provide('webDist', copy);
  return () => rmSync(copy, { recursive: true, force: true });
}
