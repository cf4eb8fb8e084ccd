import { ApiErrorSchema } from '@cadran/domain/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/db/client';
import { changedTables, type DbSnapshot, type WatchedDatabase } from './db-snapshot';
import { serializeJson } from './hostile-values';
import { accountOf, authHeaders, ensureSession, type Cast } from './identities';
import type { RequestCase } from './request-case';
import { isApiRoute, type RouteInfo } from './route-inventory';

/**
 * Runs one generated request and judges the answer (docs/quality.md 'Fuzzing every route'):
 * never a 5xx, never a hang, JSON error bodies on API paths, no internals in any body,
 * security headers on every answer, and no database change unless the request was accepted.
 */

/** A request that gets no answer within this delay counts as a hang. */
const ANSWER_TIMEOUT_MS = 15_000;

/** Traces of internals that must never reach a client. */
const LEAK_PATTERNS: readonly RegExp[] = [
  /node_modules/,
  /\/work\//,
  /\bat (?:async )?[\w.<>]+ \(/,
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError): /,
  /ECONN(?:REFUSED|RESET)/,
  /syntax error at or near/i,
  /violates (?:check|foreign key|unique|not-null) constraint/i,
  /drizzle|pglite/i,
];

export interface FuzzContext {
  app: FastifyInstance;
  db: Database;
  cast: Cast;
  route: RouteInfo;
  /** Draws the database's state, again only when a trigger saw a change. */
  watched: WatchedDatabase;
  /** The state after the previous request, the baseline of the next one. */
  snapshot: DbSnapshot;
  statuses: Map<number, number>;
}

const prototypeFingerprint = (): string =>
  [Object.prototype, Array.prototype, Function.prototype]
    .map((proto) => Reflect.ownKeys(proto).map(String).sort().join(','))
    .join('|');
const PRISTINE_PROTOTYPE = prototypeFingerprint();

let addressCounter = 0;
/** Each request its own client address, so per-address state never links two cases. */
const nextAddress = (): string => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

export function buildInjectOptions(
  app: FastifyInstance,
  cast: Cast,
  route: RouteInfo,
  c: RequestCase,
): InjectOptions {
  let path = route.path;
  for (const name of route.params) path = path.replace(`:${name}`, c.params[name] ?? '');
  path = path.replace('*', c.params['*'] ?? 'anything');
  const url = c.query ? `${path}?${c.query}` : path;
  const headers: Record<string, string> = {
    ...authHeaders(app, accountOf(cast, c.identity), c.transport),
  };
  let payload: string | undefined;
  if (c.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = serializeJson(c.body.value);
  } else if (c.body.kind === 'raw') {
    if (c.body.contentType !== null) headers['content-type'] = c.body.contentType;
    payload = c.body.payload;
  }
  // The attacker has the last word on every header, the ones above included.
  Object.assign(headers, c.headers);
  return {
    method: route.method,
    url,
    headers,
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload }),
  };
}

async function answerOf(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      app.inject(options),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms (hang)`)),
          ANSWER_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const isJsonType = (type: unknown) =>
  typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/.test(type);

/** Everything wrong with an answer, empty when it is acceptable. */
export function judgeAnswer(route: RouteInfo, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  if (
    !res.headers['content-security-policy'] ||
    res.headers['x-content-type-options'] !== 'nosniff'
  ) {
    problems.push('security headers missing');
  }
  const mustNotLeak = isApiRoute(route) || res.statusCode >= 400;
  for (const pattern of mustNotLeak ? LEAK_PATTERNS : []) {
    if (pattern.test(res.body))
      problems.push(`body reveals internals (${pattern}): ${res.body.slice(0, 300)}`);
  }
  const hasBody = route.method !== 'HEAD' && res.statusCode !== 204 && res.statusCode !== 304;
  if (isApiRoute(route) && hasBody && res.statusCode >= 400) {
    if (!isJsonType(res.headers['content-type'])) {
      problems.push(`error answer is not JSON (${String(res.headers['content-type'])})`);
    } else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(res.body);
      } catch {
        problems.push('error answer is not parseable JSON');
      }
      const error = ApiErrorSchema.safeParse(parsed);
      if (parsed !== undefined && (!error.success || error.data.message.trim() === '')) {
        problems.push(`error body is not { success:false, message }: ${res.body.slice(0, 300)}`);
      }
    }
  }
  return problems;
}

/** Runs one case; throws with every problem found, so fast-check reports the input. */
export async function runCase(ctx: FuzzContext, c: RequestCase): Promise<void> {
  const { app, db, cast, route } = ctx;
  // Limits are tested on their own; here they would stop the fuzzer at the door.
  await db.execute(sql`delete from rate_limits`);
  const options = buildInjectOptions(app, cast, route, c);
  const res = await answerOf(app, options);
  ctx.statuses.set(res.statusCode, (ctx.statuses.get(res.statusCode) ?? 0) + 1);
  const problems = judgeAnswer(route, res);

  const after = await ctx.watched.snapshot();
  // The watched database answers the very snapshot it gave before while no row changed.
  const unchanged = after === ctx.snapshot;
  if (res.statusCode >= 400) {
    const changed = changedTables(ctx.snapshot, after);
    if (changed.length > 0)
      problems.push(`rejected with ${res.statusCode} yet changed: ${changed.join(', ')}`);
  } else if (!unchanged) {
    // Accepted input may change things (a logout ends the caller's session): new baseline.
    // Nothing to restore when no row changed: a closed session is a deleted row, a locked
    // account an updated one, a job for the background an inserted one, and each moves the
    // watched count; most accepted cases (page and list reads) change nothing.
    const account = accountOf(cast, c.identity);
    if (account) await ensureSession(app, db, account);
    // A back-office request on a customer may lock that client or end its sessions.
    if (route.path.startsWith('/api/v1/admin/customers')) {
      for (const member of [cast.client, cast.other]) await ensureSession(app, db, member);
    }
    // What it set going in the background (a transfer's instructions queue their mail) is
    // done before the baseline is drawn, so that a later case is not charged with it.
    await app.jobs.drain();
  }
  ctx.snapshot = res.statusCode >= 400 || unchanged ? after : await ctx.watched.snapshot();

  if (prototypeFingerprint() !== PRISTINE_PROTOTYPE) problems.push('Object.prototype was polluted');
  if (problems.length > 0) {
    throw new Error(
      `${route.method} ${typeof options.url === 'string' ? options.url : route.path} → ${res.statusCode}\n  - ${problems.join('\n  - ')}`,
    );
  }
}
