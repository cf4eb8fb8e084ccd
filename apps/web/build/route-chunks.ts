import path from 'node:path';

/**
 * Which built files each page needs before it can render, read from Vite's manifest and the
 * route table (src/app/routes.tsx). Shared by the build, which writes them out for the server
 * to announce as modulepreload links (route-preloads.ts), and by the web build benchmark
 * (scripts/bench/web-build.ts), which weighs them.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageRoute {
  /** As the router declares it, with a leading slash: `/store/order/success/:orderNumber?`. */
  path: string;
  namespaces: string[];
  /** The route module's manifest key, e.g. `src/app/routes/pricing-route.tsx`. */
  module: string;
}

const PAGE_CALL =
  /page\(\s*(undefined|'([^']*)')\s*,\s*\[([^\]]*)\]\s*,\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

/** The page routes of routes.tsx: `page(path, [namespaces], () => import(module))`. */
export function readPageRoutes(routesSource: string, manifest: Manifest): PageRoute[] {
  const routes = [...routesSource.matchAll(PAGE_CALL)].map((match) => {
    const specifier = match[4] ?? '';
    const base = specifier.startsWith('@/')
      ? `src/${specifier.slice(2)}`
      : path.posix.join('src/app', specifier);
    const module = ['.tsx', '.ts'].map((ext) => base + ext).find((key) => key in manifest);
    if (!module) throw new Error(`Route module ${specifier} is not in the Vite manifest`);
    return {
      path: `/${match[2] ?? ''}`,
      namespaces: [...(match[3] ?? '').matchAll(/'([^']+)'/g)].map((ns) => ns[1] ?? ''),
      module,
    };
  });
  if (routes.length === 0) throw new Error('No page() routes found in src/app/routes.tsx');
  return routes;
}

/** A chunk and everything it imports statically (what the browser loads with it). */
export function staticClosure(
  manifest: Manifest,
  key: string,
  into = new Set<string>(),
): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dependency of manifest[key]?.imports ?? []) staticClosure(manifest, dependency, into);
  return into;
}

/** The site's entry (index.html): the applications beside it have entries of their own. */
export function entryKey(manifest: Manifest): string {
  const entry =
    manifest['index.html']?.isEntry === true
      ? 'index.html'
      : Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  return entry;
}

/** Manifest keys of a route's module and its translation namespaces in one language. */
export function routeKeys(
  manifest: Manifest,
  route: PageRoute,
  language: string,
  into = new Set<string>(),
): Set<string> {
  staticClosure(manifest, route.module, into);
  for (const namespace of route.namespaces) {
    const locale = `src/locales/${language}/${namespace}.json`;
    if (locale in manifest) staticClosure(manifest, locale, into);
  }
  return into;
}

export const jsFilesOf = (manifest: Manifest, keys: Iterable<string>): string[] => [
  ...new Set(
    [...keys]
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => file?.endsWith('.js') ?? false),
  ),
];

export const cssFilesOf = (manifest: Manifest, keys: Iterable<string>): string[] => [
  ...new Set([...keys].flatMap((key) => manifest[key]?.css ?? [])),
];
