import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * Which web build the server answers with: a stamp made of the modification times of the files
 * the pages are made from (index.html, the page list, the manifest, the server entry), which the
 * server's caches of pages compare against.
 *
 * - `each-request` (development and tests): the files are looked at whenever a page is asked
 *   for, so a build made beside a running server is served at once.
 * - `on-reload` (production, which never rebuilds in place): the stamp is taken at start and
 *   again only when `reload()` is called (the process's SIGHUP, src/server.ts), so a cached page
 *   costs no look at the disk (docs/quality.md 'Islands, third pass').
 */

export type BuildNotice = 'each-request' | 'on-reload';

export const BUILD_FILES = [
  'index.html',
  '.vite/route-preloads.json',
  '.vite/manifest.json',
  '.ssr/entry-server.js',
] as const;

export interface BuildVersion {
  /** The stamp of the build the pages are to be made from now. */
  current(): string;
  /** Takes the stamp again from the disk (a new build was put in place). */
  reload(): void;
}

export function watchBuildVersion(webDistDir: string, notice: BuildNotice): BuildVersion {
  const files = BUILD_FILES.map((file) => path.join(webDistDir, file));
  const stampOnDisk = () =>
    files.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1).join(':');
  let stamp = stampOnDisk();
  return {
    current: notice === 'each-request' ? stampOnDisk : () => stamp,
    reload() {
      stamp = stampOnDisk();
    },
  };
}
