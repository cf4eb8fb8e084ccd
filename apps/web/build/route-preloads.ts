import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  entryKey,
  jsFilesOf,
  readPageRoutes,
  routeKeys,
  staticClosure,
  type Manifest,
} from './route-chunks';

/** What the server reads: per page route and language, the modules it loads after the entry. */
export interface RoutePreloads {
  routes: { path: string; modules: Record<string, string[]> }[];
}

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Writes `dist/.vite/route-preloads.json` (docs/quality.md 'Lighthouse'): the server announces a
 * page's own modules as `<link rel="modulepreload">` in the HTML of that page, so the browser
 * fetches them together with the entry instead of after it has run, one round trip less before the
 * page is drawn. Beside the manifest, which the file server never serves.
 */
export function routePreloads(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'cadran-route-preloads',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(
        readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Manifest;
      // One folder per language under src/locales, as the app's i18n loader reads them.
      const languages = readdirSync(path.join(root, 'src/locales'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
      const loadedFirst = new Set(jsFilesOf(manifest, staticClosure(manifest, entryKey(manifest))));
      const routes = readPageRoutes(
        readFileSync(path.join(root, 'src/app/routes.tsx'), 'utf8'),
        manifest,
      ).map((route) => ({
        path: route.path,
        modules: Object.fromEntries(
          languages.map((language) => [
            language,
            jsFilesOf(manifest, routeKeys(manifest, route, language))
              .filter((file) => !loadedFirst.has(file))
              .map((file) => `/${file}`),
          ]),
        ),
      }));
      const preloads: RoutePreloads = { routes };
      writeFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads, null, 2));
    },
  };
}
