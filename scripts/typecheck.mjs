// `npm run typecheck`: tsc on every TypeScript project of the repository. tsc checks one
// project on one core, so the projects run in two lanes, one per core of a CI machine, each
// lane taking the next project as soon as its last one is done, the largest first. Each
// project's output is printed whole once it is done, so two projects' errors never interleave.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** Largest first (files in its program, measured): the lanes end close together. */
const projects = [
  'apps/server',
  'apps/web',
  'scripts/reliability',
  'packages/domain',
  'e2e',
  'scripts/bench',
  'scripts/einvoices',
  'eslint',
];
const LANES = 2;

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Runs tsc on one project; resolves with its exit status and everything it printed. */
function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ project, status, output, seconds });
    });
  });
}

const queue = [...projects];
const failed = [];
async function lane() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const result = await check(project);
    console.log(
      `tsc -p ${result.project}: ${result.status === 0 ? 'ok' : 'errors'} in ${result.seconds} s`,
    );
    if (result.output) process.stdout.write(result.output);
    if (result.status !== 0) failed.push(result.project);
  }
}
await Promise.all(Array.from({ length: LANES }, lane));
if (failed.length > 0) {
  console.error(`Type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
