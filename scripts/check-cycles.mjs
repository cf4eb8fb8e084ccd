// `npm run check:cycles`: no file of any package imports itself back through others. Type-only
// imports and lazy `import()` count too: a cycle of types still ties the files' meaning
// together, and lint's import/no-cycle does not see through them all. Each package is read with
// its own tsconfig, so the web app's `@/` paths resolve to files.
import madge from 'madge';

const packages = [
  { dir: 'packages/domain/src', tsConfig: 'packages/domain/tsconfig.json' },
  { dir: 'apps/server/src', tsConfig: 'apps/server/tsconfig.json' },
  { dir: 'apps/server/test', tsConfig: 'apps/server/tsconfig.json' },
  { dir: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json' },
  { dir: 'e2e', tsConfig: 'e2e/tsconfig.json' },
  { dir: 'scripts', tsConfig: 'scripts/bench/tsconfig.json' },
];

const typesIncluded = { skipTypeImports: false, skipAsyncImports: false, mixedImports: true };
let found = 0;
for (const { dir, tsConfig } of packages) {
  const graph = await madge(dir, {
    fileExtensions: ['ts', 'tsx', 'mjs', 'js'],
    excludeRegExp: [/node_modules/, /\/dist\//, /playwright-report/, /test-results/],
    tsConfig,
    detectiveOptions: { ts: typesIncluded, tsx: typesIncluded, es6: { mixedImports: true } },
  });
  const cycles = graph.circular();
  const files = Object.keys(graph.obj()).length;
  console.log(`${dir}: ${files} files, ${cycles.length} cycle${cycles.length === 1 ? '' : 's'}`);
  for (const cycle of cycles) console.log(`  ${[...cycle, cycle[0]].join(' -> ')}`);
  found += cycles.length;
}
if (found > 0) {
  console.error(
    `\n${found} import cycle${found === 1 ? '' : 's'}: break each one (docs/architecture.md).`,
  );
  process.exit(1);
}
