import { execFileSync } from 'node:child_process';
import { SERVER_DIR } from './lib/paths';
import type { SectionResult, Table } from './lib/results';

/**
 * Where an order's CPU goes on the embedded database (docs/quality.md 'Order creation after
 * the move to the job queue'): the server's `bench/order-statements.ts` places orders in its
 * own process at 20 and 50 in flight and charges PGlite's work to each statement. CPU, not
 * wall time: two versions compare on a busy machine. No budget: it explains the API figures.
 */

interface Profile {
  inFlight: number;
  orders: number;
  cpuMsPerOrder: number;
  databaseMsPerOrder: number;
  mailCpuMsPerOrder: number;
  mailDatabaseMsPerOrder: number;
  statements: Array<{ statement: string; callsPerOrder: number; cpuMsPerOrder: number }>;
}

export function runOrderStatements(): SectionResult {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/order-statements.ts', '20', '50'],
    {
      cwd: SERVER_DIR,
      // React's production build, as the server runs it: its development build draws e-mails
      // several times slower.
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 600_000,
    },
  );
  const lastLine = output.trim().split('\n').at(-1) ?? '[]';
  const profiles = JSON.parse(lastLine) as Profile[];
  for (const p of profiles) {
    console.log(
      `orders-db ${p.inFlight} in flight: ${p.cpuMsPerOrder} ms CPU per order ` +
        `(database ${p.databaseMsPerOrder}), ${p.mailCpuMsPerOrder} ms per e-mail`,
    );
  }
  const summary: Table = {
    title: 'Order creation in process on PGlite (on disk), CPU ms per order',
    columns: [
      'in flight',
      'orders',
      'request CPU',
      'of which database',
      'e-mail job CPU',
      'of which database',
    ],
    rows: profiles.map((p) => [
      String(p.inFlight),
      String(p.orders),
      p.cpuMsPerOrder.toFixed(2),
      p.databaseMsPerOrder.toFixed(2),
      p.mailCpuMsPerOrder.toFixed(2),
      p.mailDatabaseMsPerOrder.toFixed(2),
    ]),
  };
  const statements: Table[] = profiles.map((p) => ({
    title: `Costliest statements of the request path, ${p.inFlight} in flight`,
    columns: ['statement (start)', 'protocol calls per order', 'database CPU ms per order'],
    rows: p.statements.map((s) => [
      s.statement,
      s.callsPerOrder.toFixed(1),
      s.cpuMsPerOrder.toFixed(3),
    ]),
  }));
  return {
    name: 'Order statements (PGlite)',
    tables: [summary, ...statements],
    budgets: [],
    data: profiles,
  };
}
