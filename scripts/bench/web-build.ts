import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, WEB_DIR, WEB_DIST } from './lib/paths';
import { kB, type Budget, type SectionResult, type Table } from './lib/results';
import { bytesPerSource, packageOf } from './lib/source-map-sizes';
import {
  cssFilesOf,
  entryKey,
  jsFilesOf,
  readPageRoutes,
  routeKeys,
  staticClosure,
  type Manifest,
  type PageRoute,
} from '../../apps/web/build/route-chunks';

/**
 * Web build report (docs/quality.md 'Web build'): per route, the JS and CSS a browser must fetch
 * before the page is interactive = the entry chunk and its static imports, plus the route's
 * lazy module and its static imports, plus the page's translation namespaces (the router
 * waits for them, apps/web/src/app/routes.tsx). Read from Vite's manifest, sized with gzip -9.
 */

const HOME_JS_BUDGET = 100_000;
/** Pages that must not weigh on the others: their code loads when visited. */
const LAZY_ROUTES = [
  '/store/cart',
  '/store/checkout',
  '/store/order/success/:orderNumber?',
  '/store/order/failure',
];

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(WEB_DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}
const rawSize = (file: string) => readFileSync(path.join(WEB_DIST, file)).length;
/** What the server actually sends to a browser accepting brotli: the build's `.br` twin. */
const brotliSize = (file: string) => {
  const twin = path.join(WEB_DIST, `${file}.br`);
  return existsSync(twin) ? readFileSync(twin).length : rawSize(file);
};

interface RouteWeight {
  path: string;
  jsFiles: string[];
  cssFiles: string[];
  jsGzip: number;
  jsBrotli: number;
  jsRaw: number;
  cssGzip: number;
  lazyChunk: string;
}

function weighRoute(
  manifest: Manifest,
  entry: string,
  route: PageRoute,
  language: string,
): RouteWeight {
  const keys = routeKeys(manifest, route, language, staticClosure(manifest, entry));
  const jsFiles = jsFilesOf(manifest, keys);
  const cssFiles = cssFilesOf(manifest, keys);
  const sum = (files: string[], size: (file: string) => number) =>
    files.reduce((total, file) => total + size(file), 0);
  return {
    path: route.path,
    jsFiles,
    cssFiles,
    jsGzip: sum(jsFiles, gzipSize),
    jsBrotli: sum(jsFiles, brotliSize),
    jsRaw: sum(jsFiles, rawSize),
    cssGzip: sum(cssFiles, gzipSize),
    lazyChunk: manifest[route.module]?.file ?? '?',
  };
}

/** What the first page's JS is made of, by package, gzip shares estimated per chunk. */
function composition(files: string[]): Table {
  const perPackage = new Map<string, { raw: number; gzip: number }>();
  for (const file of files) {
    const sizes = bytesPerSource(path.join(WEB_DIST, file));
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const gzip = gzipSize(file);
    for (const [source, bytes] of sizes) {
      const name = packageOf(source);
      const entry = perPackage.get(name) ?? { raw: 0, gzip: 0 };
      entry.raw += bytes;
      entry.gzip += total ? (bytes / total) * gzip : 0;
      perPackage.set(name, entry);
    }
  }
  const rows = [...perPackage.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
  return {
    title: 'Home page initial JS by package (gzip estimated from each chunk’s share)',
    columns: ['package or folder', 'raw kB', '~gzip kB'],
    rows: rows.slice(0, 18).map(([name, size]) => [name, kB(size.raw), kB(size.gzip)]),
    notes: rows.length > 18 ? [`${rows.length - 18} smaller sources left out`] : [],
  };
}

/** `npm run build`: the web build and the server bundle the measured server runs. */
export function buildProduct(): void {
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('npm run build failed');
}

export function runWebBuild(options: { build: boolean }): SectionResult {
  if (options.build) buildProduct();
  const manifestPath = path.join(WEB_DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No ${manifestPath}: is build.manifest on?`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = entryKey(manifest);
  const routes = readPageRoutes(
    readFileSync(path.join(WEB_DIR, 'src/app/routes.tsx'), 'utf8'),
    manifest,
  );
  const entryKeys = staticClosure(manifest, entry);

  const weights = routes.map((route) => weighRoute(manifest, entry, route, 'fr'));
  const english = routes.map((route) => weighRoute(manifest, entry, route, 'en'));
  const home = weights.find((weight) => weight.path === '/');
  if (!home) throw new Error('No home route');

  const budgets: Budget[] = [
    {
      name: 'Home: JS before interactive (gzip)',
      target: `<= ${kB(HOME_JS_BUDGET)} kB`,
      measured: `${kB(home.jsGzip)} kB (fr), ${kB(english.find((w) => w.path === '/')?.jsGzip ?? 0)} kB (en)`,
      pass:
        Math.max(home.jsGzip, english.find((w) => w.path === '/')?.jsGzip ?? 0) <= HOME_JS_BUDGET,
    },
    ...LAZY_ROUTES.map((routePath): Budget => {
      const route = routes.find((candidate) => candidate.path === routePath);
      const chunk = route ? manifest[route.module] : undefined;
      const own =
        !!route &&
        !!chunk?.isDynamicEntry &&
        chunk.src === route.module &&
        !entryKeys.has(route.module);
      const inHome = !!chunk && home.jsFiles.includes(chunk.file);
      return {
        name: `${routePath}: own lazy chunk`,
        target: 'dynamic chunk, not in the entry or the home page',
        measured: chunk ? `${chunk.file}${inHome ? ' (loaded by home!)' : ''}` : 'route missing',
        pass: own && !inHome,
      };
    }),
  ];

  const table: Table = {
    title: 'Initial JS and CSS per route (gzip -9, French namespaces; kB = 1000 bytes)',
    columns: ['route', 'JS gzip kB', 'JS raw kB', 'CSS gzip kB', 'JS files', 'lazy chunk'],
    rows: weights.map((w) => [
      w.path,
      kB(w.jsGzip),
      kB(w.jsRaw),
      kB(w.cssGzip),
      String(w.jsFiles.length),
      w.lazyChunk,
    ]),
    notes: [
      'JS = entry + its static imports + the route chunk + its static imports + its locale JSON.',
    ],
  };
  return {
    name: 'Web build',
    tables: [table, composition(home.jsFiles)],
    budgets,
    data: { fr: weights, en: english },
  };
}
