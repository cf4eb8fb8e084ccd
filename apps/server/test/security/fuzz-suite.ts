import fc from 'fast-check';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { licenseTemplates } from '../../src/db/schema/catalog';
import { contactMessages } from '../../src/db/schema/contact';
import { orders } from '../../src/db/schema/orders';
import { roadmapItems } from '../../src/db/schema/roadmap';
import { users } from '../../src/db/schema/users';
import { buildTestApp } from '../helper';
import { item, orderBody, orderOf, placeOrder, template } from '../orders-helpers';
import { totalRows, WatchedDatabase } from './db-snapshot';
import { runCase, type FuzzContext } from './fuzz-harness';
import { asBuyer, createCast } from './identities';
import {
  describeCase,
  requestCaseArbitrary,
  type Identity,
  type KnownValues,
  type RequestCase,
} from './request-case';
import { PUBLIC_PAGE_ADDRESSES } from '../../src/web/public-pages';
import { listRoutes, undocumentedGaps } from './route-inventory';
import { recordFuzzStats } from './report';
import { rememberSecret, secretLeaks, watchLogs } from './secrets';

/**
 * Fuzzing every route (docs/quality.md, docs/decisions/007-fuzzing-seeds.md): every route of the
 * built app, found in Fastify's own route tree, gets generated requests from three callers
 * (anonymous, a client, an administrator): plausible bodies broken in one place, hostile JSON,
 * invalid JSON, wrong content types, hostile query strings, path parameters and headers. See
 * fuzz-harness.ts for what each answer must satisfy. SECURITY_FUZZ_RUNS sets the cases per route
 * (a quarter of that for HEAD twins); SECURITY_FUZZ_SEED replays a run. The routes
 * are dealt to two spec files (shards) so the two CPUs of CI share the work.
 */

/**
 * Cases per route: 1000 where each run draws a new seed and so explores; 400 under CI, which
 * replays one fixed sample on every commit (see below): a regression check, not a search, and
 * the suite's largest cost (docs/decisions/052-the-suite-s-time-budget.md).
 */
const RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? (process.env.CI ? 400 : 1000));
const ROUTE_TIME_LIMIT_MS = Number(process.env.SECURITY_FUZZ_ROUTE_MS ?? 30_000);
/**
 * CI replays one fixed seed so that its verdict on a commit is reproducible: the same cases
 * pass on a developer's machine and in CI. Anywhere else every run draws a new seed and so
 * explores new cases; a failure prints the seed that replays it, and the case becomes a
 * regression test (docs/decisions/007-fuzzing-seeds.md).
 */
const CI_SEED = 20_261_121;
const SEED = process.env.SECURITY_FUZZ_SEED
  ? Number(process.env.SECURITY_FUZZ_SEED)
  : process.env.CI
    ? CI_SEED
    : Date.now() % 2 ** 31;

/**
 * Routes whose only inputs are the query string and headers, each answering one fixed document:
 * the public pages share one handler (the address is fixed per route), the API reference's
 * routes serve the document the library built. The home pages get the full count for them all,
 * the others a tenth. HEAD twins answer like their GET: a quarter.
 */
const FULLY_FUZZED_PAGES = new Set(['/', '/en/']);
const answersOneDocument = (path: string): boolean =>
  (PUBLIC_PAGE_ADDRESSES.has(path) && !FULLY_FUZZED_PAGES.has(path)) ||
  path === '/api/docs' ||
  path.startsWith('/api/docs/');
function runsFor(route: { method: string; path: string }): number {
  const share = answersOneDocument(route.path) ? RUNS / 10 : RUNS;
  return Math.max(1, Math.round(route.method === 'HEAD' ? share / 4 : share));
}

/**
 * The routes of one shard: dealt by their case counts, the largest first, each to the shard with
 * the fewest cases so far, so that the shards end together (dealt in turn, one shard drew both
 * home pages and the API reference and ran 40 % longer than the other).
 */
function routesOfShard<Route extends { method: string; path: string }>(
  routes: readonly Route[],
  shard: number,
  shards: number,
): Route[] {
  const load = Array.from({ length: shards }, () => 0);
  const mine: Route[] = [];
  const largestFirst = [...routes].sort((a, b) => runsFor(b) - runsFor(a));
  for (const route of largestFirst) {
    const lightest = load.indexOf(Math.min(...load));
    load[lightest] = (load[lightest] ?? 0) + runsFor(route);
    if (lightest === shard) mine.push(route);
  }
  return mine;
}

export async function fuzzSuite(shard: number, shards: number): Promise<void> {
  const logs = watchLogs();
  const t = await buildTestApp({
    logger: logs.logger,
    env: { TRUST_PROXY: 'true', WEB_DIST_DIR: inject('webDist') },
  });
  rememberSecret(t.config.sessionSecret);
  const cast = await createCast(t.app, t.db);
  const routes = listRoutes(t.app);
  const mine = routesOfShard(routes, shard, shards);

  async function knownValues(): Promise<KnownValues> {
    const pro = await template(t.db, 'pro-annually');
    for (const account of [cast.client, cast.client, cast.other]) {
      const res = await placeOrder(
        t.app,
        asBuyer(t.app, account),
        orderBody([item(pro.id)], { notes: 'Commande de référence' }),
      );
      if (res.statusCode !== 201) throw new Error(`seed order: ${res.statusCode} ${res.body}`);
      orderOf(res);
    }
    const orderRows = await t.db.select({ id: orders.id, number: orders.orderNumber }).from(orders);
    const roadmapRows = await t.db.select({ id: roadmapItems.id }).from(roadmapItems);
    // The back office's own targets: templates and a contact message.
    const templateRows = await t.db.select({ id: licenseTemplates.id }).from(licenseTemplates);
    const messageRows = await t.db
      .insert(contactMessages)
      .values({
        name: 'Fuzz',
        email: 'fuzz@exemple.fr',
        subject: 'other',
        message: 'Bonjour à vous',
      })
      .returning({ id: contactMessages.id });
    return {
      ids: [
        ...orderRows.flatMap((row) => [row.id, row.number]),
        ...roadmapRows.map((row) => String(row.id)),
        // Accounts, so the back office's customer routes are reached with real ids.
        cast.client.userId,
        cast.other.userId,
        ...templateRows.map((row) => String(row.id)),
        ...messageRows.map((row) => row.id),
      ],
    };
  }
  const known = await knownValues();
  // The reference orders' background work (their transfer instructions) done before any case.
  await t.app.jobs.drain();
  const watched = await WatchedDatabase.install(t.db);
  for (const row of await t.db.select({ hash: users.passwordHash }).from(users)) {
    rememberSecret(row.hash, row.hash.split('$').pop());
  }

  afterAll(async () => {
    await t.close();
  });

  const IDENTITIES: readonly Identity[] = ['anonymous', 'client', 'admin'];

  describe(`fuzzing every route, shard ${shard + 1} of ${shards}`, () => {
    if (shard === 0) {
      it('finds the routes of the app, documented ones included', () => {
        expect(undocumentedGaps(t.app, routes)).toEqual([]);
        const api = routes.filter((route) => route.path.startsWith('/api/v1/'));
        expect(api.length).toBeGreaterThan(20);
        expect(
          routes.some(
            (route) => route.method === 'POST' && route.path === '/api/v1/website/orders',
          ),
        ).toBe(true);
      });
    }

    for (const route of mine) {
      const runs = runsFor(route);
      it(`${route.method} ${route.path} survives ${runs} hostile requests`, async () => {
        const ctx: FuzzContext = {
          app: t.app,
          db: t.db,
          cast,
          route,
          watched,
          snapshot: await watched.snapshot(),
          statuses: new Map(),
        };
        const details = await fc.check(
          fc.asyncProperty(requestCaseArbitrary(route, known, IDENTITIES), (c: RequestCase) =>
            runCase(ctx, c),
          ),
          {
            numRuns: runs,
            seed: SEED,
            endOnFailure: true,
            plugins: [fc.interruptAfterTimeLimit(ROUTE_TIME_LIMIT_MS)],
          },
        );
        recordFuzzStats(`${route.method} ${route.path}`, details.numRuns, ctx.statuses);
        if (details.failed) {
          const failing = (details.counterexample as [RequestCase] | null)?.[0];
          throw new Error(
            `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n` +
              `case: ${failing ? describeCase(failing) : '?'}\nreplay: SECURITY_FUZZ_SEED=${SEED} (path ${details.counterexamplePath ?? '?'})`,
          );
        }
        expect(details.numRuns).toBeGreaterThan(0);
        expect(totalRows(ctx.snapshot)).toBeGreaterThan(0);
      });
    }

    it('logged no password, token or secret', () => {
      expect(logs.lines.length).toBeGreaterThan(100);
      expect(secretLeaks(logs.lines)).toEqual([]);
    });
  });
}
