import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderPage } from '@cadran/domain/ssr-contract';
import { z } from 'zod';
import type { BuildVersion } from './build-version';

/**
 * The web build's server entry (apps/web/src/entry-server.tsx, built into `dist/.ssr/`), which
 * draws a page as HTML (docs/decisions/023-pages-drawn-on-the-server.md). The server only
 * loads the file the build produced, as it only serves the files the build produced.
 */

export const SSR_ENTRY = '.ssr/entry-server.js';

const EntrySchema = z.object({
  render: z.custom<RenderPage>((value) => typeof value === 'function'),
});

export interface PageRenderer {
  /** The entry of the build on disk now, or null when the build has none (then: plain index). */
  current(): Promise<RenderPage | null>;
}

/** Loads the entry, again whenever the build's version moves (build-version.ts). */
export function loadPageRenderer(webDistDir: string, version: BuildVersion): PageRenderer {
  const file = path.join(webDistDir, SSR_ENTRY);
  let loadedStamp: string | undefined;
  let loaded: Promise<RenderPage | null> = Promise.resolve(null);
  return {
    current() {
      const stamp = version.current();
      if (stamp !== loadedStamp) {
        loadedStamp = stamp;
        loaded = existsSync(file)
          ? import(`${pathToFileURL(file).href}?v=${encodeURIComponent(stamp)}`).then(
              (module: unknown) => {
                return EntrySchema.parse(module).render;
              },
            )
          : Promise.resolve(null);
      }
      return loaded;
    },
  };
}
