import { CHROME_PATH } from './lib/paths';
import {
  describeMachine,
  printBudgets,
  printTable,
  writeResults,
  type SectionResult,
} from './lib/results';
import { runApi } from './api';
import { runArtifacts } from './artifacts';
import { runLighthouse } from './lighthouse';
import { runOrderStatements } from './order-statements';
import { runPageScripts } from './page-js';
import { buildProduct, runWebBuild } from './web-build';

/**
 * `npm run bench [-- web page-js lighthouse api orders-db artifacts] [--no-build] [--public-only]`: runs the chosen benchmarks (all by
 * default) in that order, prints their tables and writes them under `.bench/` (docs/quality.md).
 */

const args = process.argv.slice(2);
const chosen = args.filter((arg) => !arg.startsWith('--'));
const wants = (name: string) => chosen.length === 0 || chosen.includes(name);
/** `--pages=/,/pricing` and `--runs=1` narrow the Lighthouse section while fixing a page. */
// Everything after the first '=': a page's address may carry a query (`?order=…&error=…`).
const option = (name: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(`--${name}=`.length);

const sections: SectionResult[] = [];
const machine = describeMachine(CHROME_PATH);
console.log(
  `Machine: ${machine.cpus} CPU, Node ${machine.node}, ${machine.chromium}, load ${machine.loadAverage}`,
);

const build = !args.includes('--no-build');
if (wants('web')) sections.push(runWebBuild({ build }));
// The other sections measure the built product; without the web section, it is built here.
else if (build && ['page-js', 'lighthouse', 'api'].some(wants)) buildProduct();
if (wants('page-js')) {
  const pages = option('pages')?.split(',');
  sections.push(await runPageScripts(pages ? { pages } : {}));
}
if (wants('lighthouse')) {
  const pages = option('pages')?.split(',');
  const runs = option('runs');
  sections.push(
    await runLighthouse({ ...(pages ? { pages } : {}), ...(runs ? { runs: Number(runs) } : {}) }),
  );
}
if (wants('api')) sections.push(await runApi({ publicOnly: args.includes('--public-only') }));
if (wants('orders-db')) sections.push(runOrderStatements());
if (wants('artifacts')) sections.push(runArtifacts());

for (const section of sections) {
  console.log(`\n== ${section.name} ==`);
  section.tables.forEach(printTable);
  printBudgets(section.budgets);
}
const written = writeResults(machine, sections);
console.log(`\nResults written to ${written} (and .bench/latest.*)`);
if (sections.some((section) => section.budgets.some((budget) => !budget.pass))) {
  console.log('Some budgets are not met (see FAIL above).');
}
