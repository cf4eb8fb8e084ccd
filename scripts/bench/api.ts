import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';
import { sampleBilling, sampleOrderItem, sampleRegistration } from '@cadran/domain/sample-buyer';
import { answerBody, type AnswerBody } from './lib/answer-body';
import { cpuOf, cpuSince, settle } from './lib/cpu';
import { apiBudgets, okPerSecond } from './api-budgets';
import type { SectionResult } from './lib/results';
import { startCadranServer, startScript, type RunningProcess } from './lib/server';

/**
 * API load (docs/quality.md 'API'): autocannon on loopback, 50 connections, 10 s measured
 * after a 3 s warm-up, one target after the other in this process (so the load generator
 * shares the 2 cores with the server, as it would on this machine in production). The server
 * runs as `npm start` would in production (NODE_ENV=production, LOG_LEVEL=info) with
 * RATE_LIMIT_MULTIPLIER raised explicitly: the limits still run, they just do not throttle.
 */

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 3;
const BUYERS = 20;
/** Far above what 13 s of load reach, so no limit answers 429 during the measure. */
const RATE_LIMIT_MULTIPLIER = '100000';
const here = path.dirname(fileURLToPath(import.meta.url));

interface Measure {
  name: string;
  result: Result;
  rssMB: number;
  peakMB: number;
  /** CPU (server, and its PostgreSQL backends) per successful answer, ms. */
  cpuMsPerOk: number;
}

/**
 * Runs one target and samples the server's memory while it does. The CPU its processes
 * spend from the end of the warm-up until they are idle again (the e-mails a load queued
 * are part of its cost), divided by the successful answers, is the load-independent figure.
 */
async function measure(
  name: string,
  server: RunningProcess,
  options: Omit<Options, 'url'>,
  processes: () => Promise<number[]> = () => Promise.resolve([server.pid]),
): Promise<Measure> {
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.memory().rssMB);
  }, 250);
  let cpuBefore: Map<number, number> | undefined;
  const warmedUp = setTimeout(() => {
    void processes().then((pids) => {
      cpuBefore = cpuOf(pids);
    });
  }, WARMUP_S * 1000);
  try {
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      warmup: { connections: CONNECTIONS, duration: WARMUP_S },
      ...options,
    });
    const { rssMB } = server.memory();
    await settle(processes);
    const spent = cpuBefore ? cpuSince(cpuBefore, await processes()) : 0;
    const cpuMsPerOk = result['2xx'] > 0 ? spent / result['2xx'] : 0;
    console.log(
      `api ${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
        `${cpuMsPerOk.toFixed(2)} ms CPU per 2xx`,
    );
    return { name, result, rssMB, peakMB: Math.max(peak, rssMB), cpuMsPerOk };
  } finally {
    clearInterval(sampler);
    clearTimeout(warmedUp);
  }
}

/** The cached public answers, as the measures ask for them: name, path, request headers. */
const PUBLIC_TARGETS: readonly [string, string, Record<string, string>][] = [
  ['GET /api/v1/website/templates', '/api/v1/website/templates', {}],
  ['GET /api/v1/website/roadmap', '/api/v1/website/roadmap', {}],
  ['GET /en/pricing (drawn page, cached)', '/en/pricing', { 'accept-encoding': 'br' }],
];

/** Bare Fastify answering each measured answer's very bytes, in a process of its own. */
async function measureSameAnswerBaselines(answers: ReadonlyMap<string, AnswerBody>) {
  const baseline = await startScript(path.join(here, 'baseline-server.ts'), '/');
  try {
    const rows: { name: string; bytes: number; baseline: Measure }[] = [];
    let index = 0;
    for (const [name, body] of answers) {
      index += 1;
      const stored = await fetch(`${baseline.url}/bodies/${index}`, {
        method: 'PUT',
        headers: {
          'content-type': body.type,
          ...(body.encoding ? { 'x-content-encoding': body.encoding } : {}),
        },
        body: new Uint8Array(body.bytes),
      });
      if (stored.status !== 204) throw new Error(`the baseline kept no body (${stored.status})`);
      const measured = await measure(
        `Fastify, the ${body.bytes.length} bytes of ${name} (baseline)`,
        baseline,
        { requests: [{ path: `/bodies/${index}` }] },
      );
      rows.push({ name, bytes: body.bytes.length, baseline: measured });
    }
    return rows;
  } finally {
    await baseline.stop();
  }
}

/** One visit to a page, waited for however long its first drawing takes (up to a minute). */
async function drawOnce(url: string): Promise<void> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  await answer.arrayBuffer();
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin, ...headers },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as Record<string, unknown>;
}

/** One order of one licence paid by transfer, as the order measure places it. */
const ORDER_BODY = (templateId: number): string => {
  const item = sampleOrderItem(templateId);
  return JSON.stringify({
    items: [{ ...item, customizations: { ...item.customizations, extra_domains: 1 } }],
    billing_address: sampleBilling,
    payment_method: 'bank_transfer',
    notes: '',
  });
};

/** The first template of the seeded catalogue: the one the measures order. */
async function firstTemplateId(server: RunningProcess): Promise<number> {
  const catalogue = (await (await fetch(`${server.url}/api/v1/website/templates`)).json()) as {
    templates: Array<{ id: number }>;
  };
  const templateId = catalogue.templates[0]?.id;
  if (!templateId) throw new Error('the seeded catalogue is empty');
  return templateId;
}

/** A new client account of the sample buyer (an address of its own); answers its session token. */
async function registeredSession(server: RunningProcess, tag: string): Promise<string> {
  const answer = await postJson(`${server.url}/api/v1/website/auth/register`, {
    ...sampleRegistration,
    email: `${tag}.${randomUUID()}@exemple.fr`,
    password: 'Sablier-Horloge-42',
  });
  return String(answer.token);
}

/** An order's request as a client's browser sends it, with a new idempotency key each time. */
const orderHeaders = (server: RunningProcess, token: string) => ({
  'content-type': 'application/json',
  origin: server.url,
  cookie: `cadran_session=${token}`,
  'idempotency-key': randomUUID(),
});

/** Registered clients (sessions) and a sold template: what order creation needs. */
async function prepareOrders(server: RunningProcess): Promise<Omit<Options, 'url'>> {
  const templateId = await firstTemplateId(server);
  const tokens: string[] = [];
  for (let i = 0; i < BUYERS; i += 1) {
    tokens.push(await registeredSession(server, `bench.${i}`));
  }
  const body = ORDER_BODY(templateId);
  // One order first: a refused order (a payment method not offered...) must stop the run
  // with its reason, not be measured as thousands of fast errors.
  const probe = await fetch(`${server.url}/api/v1/website/orders`, {
    method: 'POST',
    headers: orderHeaders(server, tokens[0]!),
    body,
  });
  if (probe.status !== 201) {
    throw new Error(`order creation answered ${probe.status}: ${await probe.text()}`);
  }
  let next = 0;
  return {
    requests: [
      {
        method: 'POST',
        path: '/api/v1/website/orders',
        body,
        // A new key per request: every answer is a new order, not an idempotent replay.
        setupRequest: (request) => {
          next += 1;
          return {
            ...request,
            headers: orderHeaders(server, tokens[next % tokens.length]!),
          };
        },
      },
    ],
  };
}

/**
 * One licence bought through the store (card, paid on the sandbox page) with one installation
 * activated: the daily `validate` call of that installation is what is measured.
 */
async function prepareValidate(server: RunningProcess): Promise<Omit<Options, 'url'>> {
  const templateId = await firstTemplateId(server);
  const session = { cookie: `cadran_session=${await registeredSession(server, 'bench.licence')}` };
  const order = await postJson(
    `${server.url}/api/v1/website/orders`,
    {
      ...JSON.parse(ORDER_BODY(templateId)),
      payment_method: 'stripe',
    },
    session,
  );
  const paymentId = /sandbox\/([0-9a-f-]{36})$/.exec(String(order.payment_url))?.[1];
  if (!paymentId) throw new Error(`no sandbox payment: ${String(order.payment_url)}`);
  await postJson(
    `${server.url}/api/v1/website/payments/sandbox/${paymentId}`,
    { decision: 'pay' },
    session,
  );
  const listed = (await (
    await fetch(`${server.url}/api/v1/website/licenses`, { headers: session })
  ).json()) as { licenses: Array<{ key: string }> };
  const key = listed.licenses[0]?.key;
  if (!key) throw new Error('the paid order issued no licence');
  const activated = await postJson(`${server.url}/api/v1/licenses/activate`, {
    license_key: key,
    domain: 'atelier-martin.fr',
    instance_name: 'production',
  });
  const instanceId = (activated.instance as { id: string }).id;
  return {
    requests: [
      {
        method: 'POST',
        path: '/api/v1/licenses/validate',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ license_key: key, instance_id: instanceId }),
      },
    ],
  };
}

interface BenchDatabase {
  url: string;
  /** Pids of the PostgreSQL backends serving this database now. */
  backends: () => Promise<number[]>;
  drop: () => Promise<void>;
}

/** A fresh PostgreSQL database for one run, dropped afterwards; null when none answers. */
async function freshPostgres(): Promise<BenchDatabase | null> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `cadran_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(`api: no PostgreSQL at ${adminUrl} (${(error as Error).message}); skipping it`);
    await admin.end().catch(() => undefined);
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    backends: async () =>
      (
        await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
          name,
        ])
      ).rows.map((row) => row.pid),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Production mode offers bank transfer only with the account to pay into: the textbook example
 * IBAN and a BIC of valid shape (the bench's data directory and database are deleted after).
 */
const serverEnv = {
  LOG_LEVEL: 'info',
  RATE_LIMIT_MULTIPLIER,
  BANK_IBAN: 'FR7630006000011234567890189',
  BANK_BIC: 'AGRIFRPPXXX',
  BANK_HOLDER: 'Cadran SAS',
  // The validate measure buys its licence on the sandbox page; orders are measured by transfer.
  PAYMENT_SANDBOX: 'true',
  PAYMENT_SANDBOX_IN_PRODUCTION: 'i-accept-unpaid-orders',
};

/**
 * `publicOnly` (`npm run bench -- api --public-only`): the baseline and the cached public
 * answers alone (templates, roadmap, the drawn page), without the licence and order loads.
 */
export async function runApi(options: { publicOnly?: boolean } = {}): Promise<SectionResult> {
  const measures: Measure[] = [];

  const baseline = await startScript(path.join(here, 'baseline-server.ts'), '/');
  try {
    measures.push(await measure('Fastify hello JSON (baseline)', baseline, {}));
  } finally {
    await baseline.stop();
  }

  /** The body of each cached public answer, for the baseline sending the same bytes. */
  const bodies = new Map<string, AnswerBody>();
  const server = await startCadranServer({ env: serverEnv });
  try {
    measures.push(
      await measure('GET /api/v1/website/templates', server, {
        requests: [{ path: '/api/v1/website/templates' }],
      }),
    );
    measures.push(
      await measure('GET /api/v1/website/roadmap', server, {
        requests: [{ path: '/api/v1/website/roadmap' }],
      }),
    );
    // A public page drawn on the server, answered from its 5 s cache (decision 023): the
    // brotli copy, as browsers ask for it. Asked once first: on a busy host the first drawing
    // (the web build's server entry loaded, the catalogue read) outlasted the warm-up, and the
    // measure timed out on it instead of measuring the cached page.
    await drawOnce(`${server.url}/en/pricing`);
    measures.push(
      await measure('GET /en/pricing (drawn page, cached)', server, {
        requests: [{ path: '/en/pricing', headers: { 'accept-encoding': 'br' } }],
      }),
    );
    for (const [name, target, headers] of PUBLIC_TARGETS)
      bodies.set(name, await answerBody(`${server.url}${target}`, headers));
    if (!options.publicOnly) {
      measures.push(
        await measure(
          'POST /api/v1/licenses/validate (PGlite)',
          server,
          await prepareValidate(server),
        ),
      );
      measures.push(
        await measure('POST /api/v1/website/orders (PGlite)', server, await prepareOrders(server)),
      );
    }
  } finally {
    await server.stop();
  }

  const sameSize = await measureSameAnswerBaselines(bodies);

  const postgres = options.publicOnly ? null : await freshPostgres();
  if (postgres) {
    const onPostgres = await startCadranServer({ databaseUrl: postgres.url, env: serverEnv });
    try {
      measures.push(
        await measure(
          'POST /api/v1/website/orders (PostgreSQL)',
          onPostgres,
          await prepareOrders(onPostgres),
          async () => [onPostgres.pid, ...(await postgres.backends())],
        ),
      );
    } finally {
      await onPostgres.stop();
      await postgres.drop();
    }
  }

  const budgets = apiBudgets(measures);
  const byName = new Map(measures.map((m) => [m.name, m]));

  return {
    name: 'API (autocannon)',
    tables: [
      {
        title: `${CONNECTIONS} connections, ${DURATION_S} s after a ${WARMUP_S} s warm-up, loopback, load generator on the same 2 cores`,
        columns: [
          'target',
          '2xx/s',
          'p50 ms',
          'p99 ms',
          '2xx',
          'non-2xx',
          'errors',
          'RSS end MB',
          'RSS peak MB',
          'CPU ms per 2xx',
        ],
        rows: measures.map((m) => [
          m.name,
          String(Math.round(okPerSecond(m))),
          String(m.result.latency.p50),
          String(m.result.latency.p99),
          String(m.result['2xx']),
          String(m.result.non2xx),
          String(m.result.errors + m.result.timeouts),
          String(m.rssMB),
          String(m.peakMB),
          m.cpuMsPerOk.toFixed(2),
        ]),
        notes: [
          'Server: NODE_ENV=production, LOG_LEVEL=info (request logs written), RATE_LIMIT_MULTIPLIER=' +
            `${RATE_LIMIT_MULTIPLIER}; baseline: Fastify defaults (no logger).`,
          'CPU ms per 2xx: user + system CPU of the server (and, on PostgreSQL, of its database backends) from the end of the warm-up until the server is idle again, divided by the 2xx answers: the figure that compares versions measured on a busy machine.',
          'Validate: one licence with one active installation, its key and instance id in every body (the per-key and per-address limits counted, one signed licence file per answer).',
          `Orders: ${BUYERS} signed-in clients in turn, cookie session + same-origin headers, a new Idempotency-Key per request, one item, bank transfer.`,
        ],
      },
      {
        title: 'Cached public answers against bare Fastify sending the same bytes',
        columns: ['target', 'body bytes', '2xx/s', 'baseline, same bytes, 2xx/s', 'share'],
        rows: sameSize.map(({ name, bytes, baseline }) => {
          const served = okPerSecond(byName.get(name));
          const base = okPerSecond(baseline);
          return [
            name,
            String(bytes),
            String(Math.round(served)),
            String(Math.round(base)),
            base ? `${Math.round((served / base) * 100)} %` : '?',
          ];
        }),
        notes: [
          'The budgets compare with the hello JSON (17 bytes); this table shows what sending the answer itself costs bare Fastify and the load generator, which decodes every body into a string (a compressed body costs it several times a text body of the same size).',
        ],
      },
    ],
    budgets: options.publicOnly
      ? budgets.filter((budget) => !/licence|order/.test(budget.name))
      : budgets,
    data: measures.map((m) => ({
      name: m.name,
      okPerSecond: okPerSecond(m),
      requestsPerSecond: m.result.requests.average,
      p50: m.result.latency.p50,
      p99: m.result.latency.p99,
      ok: m.result['2xx'],
      non2xx: m.result.non2xx,
      errors: m.result.errors,
      timeouts: m.result.timeouts,
      rssMB: m.rssMB,
      peakMB: m.peakMB,
      cpuMsPerOk: m.cpuMsPerOk,
    })),
  };
}
