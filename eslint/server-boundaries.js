// Module boundaries of the server (docs/architecture.md 'Server modules'): which folders of
// apps/server/src each folder may import. Anything not listed is refused by lint, so the
// dependency graph of the folders keeps pointing one way. A new folder must be given its place
// here before lint passes.
import { existsSync, readdirSync } from 'node:fs';

const SRC = 'apps/server/src';

/** Infrastructure every business module may use. */
const infrastructure = [
  'paths',
  'config',
  'logger',
  'db',
  'http',
  'crypto',
  'jobs',
  'mail',
  'audit',
  'plugins',
];

/**
 * The buyer's order path end to end; the staff API sees the same, and the roadmap, contact
 * messages and newsletter besides.
 */
const checkoutDependencies = [
  ...infrastructure,
  'modules/auth',
  'modules/catalog',
  'modules/orders',
  'modules/licenses',
  'modules/payments',
  'modules/fulfilment',
  'modules/invoices',
];

/** Each folder (or top-level file, without .ts) and what it may import, lowest layers first. */
export const serverDependencies = {
  paths: [],
  settings: [],
  config: ['paths', 'settings'],
  logger: ['config'],
  'session-secret': ['config', 'paths'],
  db: ['paths'],
  crypto: [],
  http: ['db'],
  jobs: ['db', 'config', 'logger'],
  mail: ['db', 'jobs'],
  audit: ['db'],
  plugins: ['paths', 'settings', 'config', 'logger', 'db', 'http', 'crypto', 'jobs', 'mail'],

  // Business modules: the order path runs catalog <- orders <- licenses <- order-mail <-
  // payments <- fulfilment <- checkout; invoices sits on orders and serves fulfilment and
  // checkout; licence reminders sit on licences and the order mail; admin sits on top of
  // everything.
  'modules/health': infrastructure,
  'modules/logs': infrastructure,
  'modules/auth': infrastructure,
  'modules/catalog': infrastructure,
  'modules/contact': infrastructure,
  'modules/newsletter': infrastructure,
  'modules/realtime': infrastructure,
  'modules/roadmap': [...infrastructure, 'modules/auth', 'modules/realtime'],
  // Account management sits on sign-in: it reads and ends sessions, hashes passwords.
  'modules/account': [...infrastructure, 'modules/auth'],
  'modules/orders': [...infrastructure, 'modules/catalog'],
  'modules/licenses': [...infrastructure, 'modules/orders', 'modules/catalog', 'modules/auth'],
  'modules/order-mail': [...infrastructure, 'modules/orders', 'modules/licenses'],
  'modules/license-reminders': [...infrastructure, 'modules/licenses', 'modules/order-mail'],
  'modules/invoices': [...infrastructure, 'modules/orders', 'modules/auth'],
  'modules/exports': infrastructure,
  // Payments read the methods saved for renewals (licences' own records).
  'modules/payments': [
    ...infrastructure,
    'modules/orders',
    'modules/licenses',
    'modules/order-mail',
  ],
  'modules/fulfilment': [
    ...infrastructure,
    'modules/orders',
    'modules/licenses',
    'modules/order-mail',
    'modules/payments',
    'modules/invoices',
  ],
  'modules/checkout': checkoutDependencies,
  // Automatic renewal: charges saved methods through the payments and fulfils like any order.
  'modules/renewals': [...checkoutDependencies, 'modules/order-mail', 'modules/checkout'],
  // The client area's lists: the account's orders and documents.
  'modules/client-area': [...infrastructure, 'modules/auth', 'modules/orders', 'modules/invoices'],
  // Releases sit on licences (the key that signs, the licence rules) and the roadmap (the
  // items they ship).
  'modules/releases': [
    ...infrastructure,
    'modules/auth',
    'modules/licenses',
    'modules/roadmap',
    'modules/realtime',
  ],
  // The demo client buys its licences through the checkout, as any buyer does.
  'modules/demo': [...checkoutDependencies, 'modules/checkout'],
  'modules/admin': [
    ...checkoutDependencies,
    // Staff send an order's e-mail again, drawn by the order mail's own templates.
    'modules/order-mail',
    'modules/releases',
    'modules/renewals',
    'modules/realtime',
    'modules/roadmap',
    'modules/contact',
    'modules/newsletter',
    'modules/exports',
  ],

  // Entry points and what they serve.
  web: ['paths', 'config', 'http'],
  cli: [
    ...infrastructure,
    'modules/admin',
    'modules/payments',
    'modules/fulfilment',
    // Recording a transfer issues an invoice, whose e-invoice send the command queues.
    'modules/invoices',
    'modules/licenses',
  ],
  app: [
    ...infrastructure,
    'web',
    ...[
      'health',
      'logs',
      'auth',
      'account',
      'catalog',
      'contact',
      'newsletter',
      'realtime',
      'roadmap',
      'orders',
      'licenses',
      'license-reminders',
      'releases',
      'payments',
      'fulfilment',
      'invoices',
      'checkout',
      'renewals',
      'client-area',
      'admin',
      'demo',
    ].map((name) => `modules/${name}`),
  ],
  server: ['paths', 'config', 'logger', 'db', 'session-secret', 'app'],
};

/** Throws when the allowed imports themselves go round in a circle. */
function assertAcyclic(graph) {
  const state = new Map();
  const visit = (node, path) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'visiting') {
      throw new Error(`server boundaries allow a cycle: ${[...path, node].join(' -> ')}`);
    }
    state.set(node, 'visiting');
    for (const next of graph[node] ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of Object.keys(graph)) visit(node, []);
}

/** Every folder and top-level file of the server, as the keys above name them. */
function serverParts() {
  if (!existsSync(SRC)) return [];
  const parts = [];
  for (const entry of readdirSync(SRC, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name === 'modules') {
      for (const module of readdirSync(`${SRC}/modules`, { withFileTypes: true })) {
        if (module.isDirectory()) parts.push(`modules/${module.name}`);
      }
    } else if (entry.isDirectory()) {
      parts.push(entry.name);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      parts.push(entry.name.replace(/\.ts$/, ''));
    }
  }
  return parts;
}

const targetOf = (part) =>
  existsSync(`${SRC}/${part}.ts`) ? `./${SRC}/${part}.ts` : `./${SRC}/${part}`;

/** The zones of import/no-restricted-paths that enforce `serverDependencies`. */
export function serverBoundaryZones() {
  assertAcyclic(serverDependencies);
  const parts = serverParts();
  const unknown = parts.filter((part) => !(part in serverDependencies));
  if (unknown.length > 0) {
    throw new Error(
      `give ${unknown.join(', ')} a place in eslint/server-boundaries.js before using it`,
    );
  }
  return parts.map((part) => {
    const allowed = new Set([part, ...serverDependencies[part]]);
    return {
      target: targetOf(part),
      from: parts.filter((other) => !allowed.has(other)).map(targetOf),
      message: `${part} may import only ${[...allowed].join(', ')} (eslint/server-boundaries.js)`,
    };
  });
}
