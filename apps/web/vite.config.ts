import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { routePreloads } from './build/route-preloads';

// The API server listens on 127.0.0.1:3000 and serves the built `dist`; in development the
// SPA runs on Vite and forwards every server-owned path to it (/api, /website).
const apiTarget = 'http://127.0.0.1:3000';

/**
 * Applications built beside the site, each its own page and entry (the server's
 * src/web/applications.ts and web/admin-app.ts serve the same; docs/decisions/028-client-application.md):
 * address prefix -> page. The site's pages never load their code.
 */
const applications: Record<string, string> = {
  '/client': 'client.html',
  '/admin': 'admin.html',
};

/** In development, every address under an application's prefix gets its page, as the server does. */
function applicationPages(): Plugin {
  return {
    name: 'cadran-application-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const pathname = (request.url ?? '/').split('?')[0] ?? '/';
        const prefix = Object.keys(applications).find(
          (candidate) => pathname === candidate || pathname.startsWith(`${candidate}/`),
        );
        if (prefix && !/\.[a-z0-9]+$/i.test(pathname)) request.url = `/${applications[prefix]}`;
        next();
      });
    },
  };
}

/**
 * Writes `.br` and `.gz` twins of every text file of the build, which the server sends to
 * browsers that accept them (@fastify/static `preCompressed`): the site ships compressed
 * without compressing on each request (Lighthouse 'uses-text-compression', docs/quality.md).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
  let outDir = 'dist';
  return {
    name: 'cadran-precompress',
    // The server's own bundle (dist/.ssr) is read from disk, never sent to a browser.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files.filter(
        (name) => compressible.test(name) && !name.startsWith('.vite'),
      )) {
        const full = path.join(outDir, file);
        const content = readFileSync(full);
        if (content.length < 512) continue;
        writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), applicationPages(), routePreloads(), precompress()],
  // The pages drawn on the server (src/entry-server.tsx, docs/decisions/023-pages-drawn-on-the-server.md)
  // are built by `vite build --ssr` into dist/.ssr as one file with its libraries inside, so the
  // server loads it without the web app's node_modules; a dot folder is never served.
  ssr: { noExternal: true },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/website': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Built for the bundle report (scripts/bench) and for reading the stacks the browser
    // forwards to the server log, but not announced in the scripts: production never serves
    // `.map` files (apps/server/src/web/spa.ts), so a browser would only fetch 404s.
    sourcemap: 'hidden',
    // Read by build/route-preloads.ts and scripts/bench/web-build.ts.
    manifest: true,
    rollupOptions: {
      input: {
        ...Object.fromEntries(
          ['index.html', ...Object.values(applications)].map((page) => [
            page.replace(/\.html$/, ''),
            fileURLToPath(new URL(page, import.meta.url)),
          ]),
        ),
        // The public pages' runtime, which the server puts in their HTML instead of the
        // site's application (docs/decisions/048-islands-on-public-pages.md).
        islands: fileURLToPath(new URL('src/islands/main.ts', import.meta.url)),
      },
      // The server's entry is one file: a page's chunk importing the entry back would load a
      // second copy of it, with its own React contexts and i18n instance.
      ...(isSsrBuild ? { output: { codeSplitting: false } } : {}),
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    unstubGlobals: true,
    // A limit that catches a hung test, not a slow host: a screen test's first render imports
    // the lazy pages it visits, which took more than the default 5 s on a loaded 2-core machine.
    testTimeout: 15_000,
  },
}));
