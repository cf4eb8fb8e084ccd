// `npm test`: the whole suite, in the order CI runs it. The static gates come first, one after
// the other, and stop the run when one fails, within minutes rather than after the long parts.
// They are not run side by side: lint and typecheck each build TypeScript programs of the whole
// repository, and on two cores the three together took longer (173 s) than in sequence (102 s),
// three processes sharing two cores (docs/quality.md, 'The test suite's time'):
//   lint              ESLint, import boundaries on resolved files and no-cycle (eslint.config.js)
//   typecheck         tsc on every package
//   check:cycles      no file cycle, type-only imports included (scripts/check-cycles.mjs)
// Then every test part runs even when an earlier one failed, so a single run reports every
// failure; the exit status is 1 if any part failed.
//   test:unit         domain, server (PGlite, and PostgreSQL with TEST_DATABASE_URL), web
//   test:e2e          browser journeys in Chromium, French and English (skipped loudly without it)
//   test:security     route fuzzing and attacker checks (docs/quality.md)
//   test:reliability  mixed load, crash and restart, database outage (docs/quality.md)
// The last two run side by side: the reliability part mostly waits (servers restarting, a
// killed server's work coming round) and used a third of two cores alone, the security part
// about three quarters; each has its own databases, ports and files. The security part's
// output is shown as it comes, the reliability part's whole once it ends, so neither is cut
// into the other's lines.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const gates = ['lint', 'typecheck', 'check:cycles'];
/** Stages run one after the other; the parts of a stage run side by side. */
const stages = [['test:unit'], ['test:e2e'], ['test:security', 'test:reliability']];
const failedParts = [];

/**
 * Runs one npm script, printing how long it took (docs/quality.md keeps the figures). With a
 * `logFile`, its output goes there and is printed whole when it ends.
 */
function run(part, logFile) {
  console.log(`\n== npm run ${part}${logFile ? ' (its output follows when it ends)' : ''}`);
  const started = Date.now();
  const child = spawn('npm', ['run', part], {
    stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  const output = [];
  if (logFile)
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (logFile) {
        writeFileSync(logFile, Buffer.concat(output));
        console.log(`\n== output of npm run ${part}`);
        process.stdout.write(readFileSync(logFile));
      }
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`== ${part}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
      if (status !== 0) failedParts.push(part);
      resolve();
    });
  });
}

for (const gate of gates) {
  await run(gate);
  if (failedParts.length > 0) break;
}
if (failedParts.length > 0) {
  console.error(`\nFailed: ${failedParts.join(', ')} (the tests did not run)`);
  process.exit(1);
}

mkdirSync('test-results', { recursive: true });
for (const [first, ...beside] of stages) {
  await Promise.all([
    run(first),
    ...beside.map((part) => run(part, `test-results/${part.replace(':', '-')}.log`)),
  ]);
}

// Under CI the runners write JSON reports; one closing line adds them up.
if (process.env.CI)
  await new Promise((resolve) =>
    spawn('node', ['scripts/test-summary.mjs'], { stdio: 'inherit' }).on('close', resolve),
  );

if (failedParts.length > 0) {
  console.error(`\nFailed: ${failedParts.join(', ')}`);
  process.exit(1);
}
console.log(`\nAll parts passed: ${[...gates, ...stages.flat()].join(', ')}`);
