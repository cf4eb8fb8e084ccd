import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths';

/**
 * What every benchmark hands back, and the writer of `.bench/` (benchmarks report, they are
 * not timed tests). A run writes `<stamp>.json` and `<stamp>.md`, and copies them
 * to `latest.*` so docs/quality.md can be refreshed from one place.
 */

export interface Table {
  title: string;
  columns: string[];
  rows: string[][];
  notes?: string[];
}

export interface Budget {
  name: string;
  target: string;
  measured: string;
  pass: boolean;
}

export interface SectionResult {
  name: string;
  tables: Table[];
  budgets: Budget[];
  /** Machine-readable figures, kept in the JSON only. */
  data: unknown;
}

export interface Machine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  os: string;
  chromium: string;
  /** 1-minute load average at the start: other work on the machine skews every figure. */
  loadAverage: number;
}

export function describeMachine(chromePath: string): Machine {
  let chromium = 'not found';
  try {
    chromium = execFileSync(chromePath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // The Lighthouse section reports the missing browser itself.
  }
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    chromium,
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

export const kB = (bytes: number): string => (bytes / 1000).toFixed(1);

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));

/** An aligned plain-text table for the terminal. */
export function printTable(table: Table): void {
  const widths = table.columns.map((column, index) =>
    Math.max(column.length, ...table.rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, index) => pad(cell, widths[index] ?? 0)).join('  ');
  console.log(`\n${table.title}`);
  console.log(line(table.columns));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of table.rows) console.log(line(row));
  for (const note of table.notes ?? []) console.log(`  ${note}`);
}

export function printBudgets(budgets: Budget[]): void {
  if (budgets.length === 0) return;
  printTable({
    title: 'Budgets',
    columns: ['', 'budget', 'target', 'measured'],
    rows: budgets.map((b) => [b.pass ? 'PASS' : 'FAIL', b.name, b.target, b.measured]),
  });
}

function markdownTable(table: Table): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `### ${table.title}`,
    '',
    `| ${table.columns.map(escape).join(' | ')} |`,
    `|${table.columns.map(() => '---').join('|')}|`,
    ...table.rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
    ...(table.notes?.length ? ['', ...table.notes.map((note) => `- ${note}`)] : []),
    '',
  ].join('\n');
}

export function toMarkdown(machine: Machine, sections: SectionResult[]): string {
  const header = [
    `# Benchmark run ${machine.date}`,
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.os}; ` +
      `Node ${machine.node}; ${machine.chromium}; load average ${machine.loadAverage} at start.`,
    '',
  ];
  const body = sections.flatMap((section) => [
    `## ${section.name}`,
    '',
    ...section.tables.map(markdownTable),
    ...(section.budgets.length
      ? [
          markdownTable({
            title: 'Budgets',
            columns: ['Result', 'Budget', 'Target', 'Measured'],
            rows: section.budgets.map((b) => [
              b.pass ? 'pass' : '**fail**',
              b.name,
              b.target,
              b.measured,
            ]),
          }),
        ]
      : []),
  ]);
  return [...header, ...body].join('\n');
}

/** Writes the run under `.bench/` and returns the Markdown path. */
export function writeResults(machine: Machine, sections: SectionResult[]): string {
  const dir = path.join(ROOT, '.bench');
  mkdirSync(dir, { recursive: true });
  const stamp = machine.date.replace(/[:.]/g, '-');
  const json = JSON.stringify({ machine, sections }, null, 2);
  const markdown = toMarkdown(machine, sections);
  for (const name of [stamp, 'latest']) {
    writeFileSync(path.join(dir, `${name}.json`), `${json}\n`);
    writeFileSync(path.join(dir, `${name}.md`), markdown);
  }
  return path.join(dir, `${stamp}.md`);
}
