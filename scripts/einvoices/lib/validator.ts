import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Runs an EN 16931 validation command on Factur-X files and reads its verdict per file. The
 * command is given by the operator (the European Commission's CII Schematron compiled for
 * SaxonJS is one); it is called with the files as its last arguments and prints, for each,
 * `<file>: <n> rules fired, <f> fatal, <w> warnings`, and a line `<file>: fatal <rule>: …` per
 * failed fatal assert.
 */

export interface Verdict {
  file: string;
  rulesFired: number;
  fatal: number;
  warnings: number;
  /** The failed rules' lines, fatal or warning. */
  failed: string[];
}

const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

export function validate(command: string, files: readonly string[]): Verdict[] {
  const run = spawnSync('sh', ['-c', `${command} ${files.map(quote).join(' ')}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  const lines = run.stdout.split('\n');
  return files.map((file) => {
    const mine = lines.filter((line) => line.startsWith(`${file}: `));
    const summary = mine
      .map((line) => /: (\d+) rules fired, (\d+) fatal, (\d+) warnings$/.exec(line))
      .find((match) => match !== null);
    if (!summary) {
      throw new Error(
        `the validator said nothing of ${path.basename(file)} (exit ${run.status}): ${run.stderr.slice(0, 400)}`,
      );
    }
    return {
      file,
      rulesFired: Number(summary[1]),
      fatal: Number(summary[2]),
      warnings: Number(summary[3]),
      failed: mine.filter((line) => / (fatal|warning) /.test(line)),
    };
  });
}
