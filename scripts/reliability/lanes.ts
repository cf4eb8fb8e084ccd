import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { RESULTS_FILE, ROOT } from './lib/paths';

/**
 * `npm run test:reliability [-- --duration=30 --users=16 --payments=40 --buyers=12]`: every
 * reliability scenario (docs/quality.md 'Reliability'), in lanes. Most of a scenario's time is
 * waiting (servers starting, a killed server's work coming round, mail settling): the whole run
 * used under half of two cores. So after the mixed load, which measures what one server takes
 * and runs alone, the other scenarios run in two lanes side by side (the simultaneous payments
 * again alone, last), each lane a `run.ts`
 * process of its own with its own databases, ports and outbox.
 * Each line printed is prefixed with its lane; the figures of every lane are merged into
 * test-results/reliability.json. `--only=…` runs those scenarios in one lane, in turn.
 */

const args = process.argv.slice(2);
const RUN = path.join(ROOT, 'scripts/reliability/run.ts');

interface Lane {
  name: string;
  scenarios: string[];
}

/**
 * Phases run one after the other; the lanes of a phase run side by side. The two lanes of the
 * second phase took 127 s and 236 s when the crash scenarios shared one: each now pairs a crash
 * (the longest scenarios, mostly waiting for restarts and for mail to settle) with shorter ones.
 */
const PHASES: Lane[][] = [
  [{ name: 'load', scenarios: ['load'] }],
  [
    { name: 'lane 1', scenarios: ['crash-postgres', 'two', 'reminders'] },
    { name: 'lane 2', scenarios: ['crash-pglite', 'down', 'renewals'] },
  ],
  // Alone, as the load: the race on one invoice counter answered two 503s (the pool's 5 s
  // read time-out) when the other lane's outage scenario shared the two cores.
  [{ name: 'payments', scenarios: ['payments'] }],
];

interface LaneResult {
  lane: string;
  exitCode: number;
  seconds: number;
  results: Record<string, unknown> | undefined;
  file: string;
}

const laneFile = (lane: Lane) =>
  path.join(path.dirname(RESULTS_FILE), `reliability-${lane.scenarios.join('-')}.json`);

function runLane(lane: Lane, prefixed: boolean): Promise<LaneResult> {
  const file = laneFile(lane);
  rmSync(file, { force: true });
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', RUN, ...args, `--only=${lane.scenarios.join(',')}`, `--results=${file}`],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const prefix = prefixed ? `[${lane.name}] ` : '';
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      let results: Record<string, unknown> | undefined;
      try {
        results = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      } catch {
        results = undefined;
      }
      resolve({
        lane: lane.name,
        exitCode: code ?? (signal ? 1 : 0),
        seconds: Math.round((performance.now() - started) / 1000),
        results,
        file,
      });
    });
  });
}

const only = args.find((arg) => arg.startsWith('--only='));
const phases: Lane[][] = only
  ? [[{ name: 'only', scenarios: only.slice('--only='.length).split(',') }]]
  : PHASES;

const outcomes: LaneResult[] = [];
for (const phase of phases) {
  outcomes.push(...(await Promise.all(phase.map((lane) => runLane(lane, phase.length > 1)))));
}

// One results file, as a single run writes it: each scenario's figures, every verdict.
const passed: string[] = [];
const failed: string[] = [];
const merged: Record<string, unknown> = {
  date: new Date().toISOString(),
  cpus: cpus().length,
  node: process.version,
  lanes: outcomes.map(({ lane, exitCode, seconds }) => ({ lane, exitCode, seconds })),
};
for (const outcome of outcomes) {
  const figures = { ...outcome.results };
  const verdicts = figures.scenarios as { passed: string[]; failed: string[] } | undefined;
  for (const key of ['scenarios', 'date', 'cpus', 'node']) delete figures[key];
  Object.assign(merged, figures);
  passed.push(...(verdicts?.passed ?? []));
  failed.push(...(verdicts?.failed ?? []));
  // A lane that died before writing its verdicts failed as a whole.
  if (outcome.exitCode !== 0 && (verdicts?.failed.length ?? 0) === 0) {
    failed.push(`lane ${outcome.lane} (exit ${outcome.exitCode})`);
  }
  rmSync(outcome.file, { force: true });
}
merged.scenarios = { passed, failed };
mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
writeFileSync(RESULTS_FILE, `${JSON.stringify(merged, null, 2)}\n`);

console.log(
  `\nLanes: ${outcomes.map(({ lane, seconds }) => `${lane} ${seconds} s`).join(', ')}; results in ${path.relative(process.cwd(), RESULTS_FILE)}`,
);
if (failed.length > 0) {
  console.log(`Reliability: FAILED (${failed.join(', ')})`);
  process.exit(1);
}
console.log('Reliability: all scenarios passed');
