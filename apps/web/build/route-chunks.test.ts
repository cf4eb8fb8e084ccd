import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  entryKey,
  jsFilesOf,
  readPageRoutes,
  routeKeys,
  staticClosure,
  type Manifest,
} from './route-chunks';

const routesSource = readFileSync(path.join(import.meta.dirname, '../src/app/routes.tsx'), 'utf8');

/** A manifest that knows every module, as a real build does. */
const everyModule = new Proxy<Manifest>(
  {},
  {
    has: () => true,
    get: (_target, key) => ({ file: `assets/${String(key)}.js` }),
  },
);

describe('readPageRoutes', () => {
  it('finds every page of the route table with its namespaces and module', () => {
    const routes = readPageRoutes(routesSource, everyModule);
    expect(routes).toHaveLength(routesSource.match(/\bpage\(\s*(?:undefined|')/g)?.length ?? 0);
    expect(routes.find((route) => route.path === '/')).toEqual({
      path: '/',
      namespaces: ['home'],
      module: 'src/features/home/routes/home-page.tsx',
    });
    expect(routes.find((route) => route.path === '/store/checkout')).toMatchObject({
      namespaces: ['checkout', 'auth', 'renewals'],
      module: 'src/app/routes/checkout-route.tsx',
    });
  });

  it('refuses a route table it cannot read rather than listing nothing', () => {
    expect(() => readPageRoutes('export const routes = [];', everyModule)).toThrow(/No page/);
  });
});

describe('route chunks', () => {
  const manifest: Manifest = {
    'src/main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
    'src/app/routes/pricing-route.tsx': {
      file: 'assets/pricing.js',
      isDynamicEntry: true,
      imports: ['_shared.js', '_react.js'],
      css: ['assets/pricing.css'],
    },
    'src/locales/fr/pricing.json': { file: 'assets/pricing-fr.js' },
    'src/locales/en/pricing.json': { file: 'assets/pricing-en.js' },
  };
  const route = {
    path: '/pricing',
    namespaces: ['pricing'],
    module: 'src/app/routes/pricing-route.tsx',
  };

  it('lists the route module, its imports and its namespace in one language', () => {
    expect(jsFilesOf(manifest, routeKeys(manifest, route, 'en'))).toEqual([
      'assets/pricing.js',
      'assets/shared.js',
      'assets/react.js',
      'assets/pricing-en.js',
    ]);
  });

  it('leaves out what the entry already loaded when started from the entry closure', () => {
    const entry = staticClosure(manifest, entryKey(manifest));
    const first = new Set(jsFilesOf(manifest, entry));
    const own = jsFilesOf(manifest, routeKeys(manifest, route, 'fr')).filter(
      (file) => !first.has(file),
    );
    expect(own).toEqual(['assets/pricing.js', 'assets/shared.js', 'assets/pricing-fr.js']);
  });
});
