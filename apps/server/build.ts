import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build -w @cadran/server`: bundles src/server.ts into dist/server.js, which
 * production runs with plain `node` (docs/decisions/010-compiled-server.md).
 *
 * - `@cadran/domain` is TypeScript source that Node cannot load, so it is inlined; every other
 *   package stays an import, resolved from node_modules at run time as it is from the source.
 * - Files the code locates from its own module (`new URL('../drizzle', import.meta.url)`)
 *   would be looked up next to the bundle; each such path is
 *   rewritten so that it still names the same file from wherever the bundle is written.
 */

const SERVER_ROOT = fileURLToPath(new URL('./', import.meta.url));
export const DEFAULT_OUT_DIR = path.join(SERVER_ROOT, 'dist');

/** Workspace packages published as TypeScript source. */
const INLINED_PACKAGES = /^@cadran\//;

const keepPackagesExternal: Plugin = {
  name: 'keep-packages-external',
  setup(builder) {
    // A bare specifier names a package (or a node: built-in); relative and absolute paths are ours.
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      INLINED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

const SELF_RELATIVE_URL = /new URL\(\s*(['"])(\.{1,2}\/[^'"]*)\1\s*,\s*import\.meta\.url\s*\)/g;

/** `relative`, written from `file`, as seen from `outDir`. */
export function rebaseRelativeUrl(file: string, relative: string, outDir: string): string {
  const target = path.resolve(path.dirname(file), relative);
  let rebased = path.relative(outDir, target).split(path.sep).join('/');
  if (rebased !== '..' && !rebased.startsWith('../')) rebased = `./${rebased}`;
  if (relative.endsWith('/') && !rebased.endsWith('/')) rebased += '/';
  return rebased;
}

function rebaseSelfRelativeUrls(outDir: string): Plugin {
  return {
    name: 'rebase-self-relative-urls',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const contents = source.replace(
          SELF_RELATIVE_URL,
          (_match, quote: string, relative: string) =>
            `new URL(${quote}${rebaseRelativeUrl(args.path, relative, outDir)}${quote}, import.meta.url)`,
        );
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** The operator commands' bundle beside the server's (`npm run admin` runs the source). */
export const ADMIN_CLI_BUNDLE = 'admin.js';

/**
 * Writes `server.js`, the operator commands' `admin.js` and their source maps into `outDir`
 * (emptied first). The commands are bundled too so that whatever starts many of them (the test
 * suites, a journey's staff accounts) runs plain `node` rather than compiling the source again
 * at each start.
 */
export async function buildServer(outDir: string = DEFAULT_OUT_DIR): Promise<string> {
  await rm(outDir, { recursive: true, force: true });
  await build({
    entryPoints: {
      server: path.join(SERVER_ROOT, 'src', 'server.ts'),
      admin: path.join(SERVER_ROOT, 'src', 'cli', 'admin.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: path.join(SERVER_ROOT, 'tsconfig.json'),
    // Stack traces in the log point at the TypeScript source (node --enable-source-maps).
    sourcemap: true,
    logLevel: 'warning',
    plugins: [keepPackagesExternal, rebaseSelfRelativeUrls(outDir)],
  });
  return path.join(outDir, 'server.js');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const entry = await buildServer();
  process.stdout.write(
    `server built: ${path.relative(process.cwd(), entry)} in ${Date.now() - started} ms\n`,
  );
}
