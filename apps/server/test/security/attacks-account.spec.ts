import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ACCOUNT, AUTH, forgot, linkToken, me, member, send } from '../account-helpers';
import { login, sameOrigin } from '../auth-helpers';
import { buildTestApp } from '../helper';
import { rememberSecret, secretLeaks, watchLogs } from './secrets';

/**
 * Attacks on account management (docs/decisions/027-account-tokens-and-deletion.md): learning
 * which addresses have an account through the forgotten-password form, guessing or replaying
 * mailed links, ending or reading another account's sessions, and a deleted account coming
 * back. Cross-site writes on these routes are covered with every other route in
 * attacks-auth.spec.ts, and the fuzzer finds them in the route tree.
 */

const logs = watchLogs();
const t = await buildTestApp({ logger: logs.logger, seed: false });
rememberSecret(t.config.sessionSecret);
afterAll(async () => t.close());
const resetLimits = () => t.db.execute(sql`delete from rate_limits`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe('forgotten password: no enumeration', () => {
  const jobsWritten = async () =>
    (
      await queryRows<{ data: unknown }>(
        t.db,
        sql`select data from pgboss.job where name = 'account-password-reset' order by created_on`,
      )
    ).map((row) => row.data);
  const tokensWritten = async () =>
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from account_tokens`))[0]
      ?.n ?? 0;

  it('does the same work for a known and an unknown address: one job with the address, nothing else', async () => {
    const known = await member(t.app);
    rememberSecret(known.password, known.token);
    await resetLimits();
    await t.app.jobs.drain('account-password-reset');
    const tokensBefore = await tokensWritten();
    const jobsBefore = (await jobsWritten()).length;
    const bodies = new Set<string>();
    for (const email of [known.email, 'absent@exemple.fr']) {
      const res = await send(t.app, 'POST', `${AUTH}/password/forgot`, sameOrigin(t.app), {
        email,
      });
      expect(res.statusCode).toBe(202);
      bodies.add(res.body);
    }
    expect([...bodies]).toHaveLength(1);
    // The request never looks the account up: each wrote its job with the address alone; the
    // job then writes a link for the known address only.
    expect((await jobsWritten()).slice(jobsBefore)).toEqual([
      { email: known.email },
      { email: 'absent@exemple.fr' },
    ]);
    await t.app.jobs.drain('account-password-reset');
    expect(await tokensWritten()).toBe(tokensBefore + 1);
  });

  it('answers both in comparable time', async () => {
    const known = await member(t.app);
    rememberSecret(known.password, known.token);
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let round = 0; round < 20; round += 1) {
      await resetLimits();
      const pair = [
        ['known', known.email],
        ['unknown', `absent.${round}@exemple.fr`],
      ] as const;
      // Alternating which goes first, so a warm-up or a busy neighbour favours neither.
      for (const [kind, email] of round % 2 === 0 ? pair : [...pair].reverse()) {
        const started = performance.now();
        const res = await send(t.app, 'POST', `${AUTH}/password/forgot`, sameOrigin(t.app), {
          email,
        });
        timings[kind].push(performance.now() - started);
        expect(res.statusCode).toBe(202);
        // The job (which mails only a known address) runs before the next request is timed, so
        // its background work never lands inside another request's measurement.
        await t.app.jobs.drain('account-password-reset');
      }
    }
    // The work is the same (above); what timing adds is a guard against a path that hashes,
    // looks up or mails for one kind only, which costs many times a request's few
    // milliseconds. The bound leaves room for the noise of a shared machine.
    const ratio = median(timings.known) / median(timings.unknown);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});

describe('mailed links', () => {
  it('cannot be guessed, replayed or used for another purpose', async () => {
    await resetLimits();
    const victim = await member(t.app);
    rememberSecret(victim.password, victim.token);
    await forgot(t.app, victim.email);
    const resetToken = await linkToken(t.db, victim.email, 'reset-password');
    const confirmToken = await linkToken(t.db, victim.email, 'confirm-email');
    rememberSecret(resetToken, confirmToken);
    const reset = (token: string) =>
      send(t.app, 'POST', `${AUTH}/password/reset`, sameOrigin(t.app), {
        token,
        password: 'Pris-Par-Un-Attaquant-1',
      });
    for (const token of [
      'A'.repeat(43),
      `${resetToken.slice(0, -1)}${resetToken.endsWith('A') ? 'B' : 'A'}`,
      confirmToken,
      `${resetToken} `.repeat(2),
    ]) {
      expect((await reset(token)).statusCode).toBe(400);
    }
    expect((await reset(resetToken)).statusCode).toBe(200);
    expect((await reset(resetToken)).statusCode).toBe(400);
    const taken = await login(t.app, { email: victim.email, password: 'Pris-Par-Un-Attaquant-1' });
    rememberSecret(taken.json<{ token?: string }>().token ?? '');
    expect(taken.statusCode).toBe(200);
  });
});

describe('sessions of another account', () => {
  it('are neither listed nor ended', async () => {
    await resetLimits();
    const victim = await member(t.app);
    const attacker = await member(t.app);
    rememberSecret(victim.password, victim.token, attacker.password, attacker.token);
    const listed = await send(t.app, 'GET', `${ACCOUNT}/sessions`, attacker.headers);
    const victimSessions = await send(t.app, 'GET', `${ACCOUNT}/sessions`, victim.headers);
    const victimId = victimSessions.json<{ sessions: Array<{ id: string }> }>().sessions[0]?.id;
    expect(listed.body).not.toContain(victimId);
    const res = await send(
      t.app,
      'DELETE',
      `${ACCOUNT}/sessions/${victimId}`,
      attacker.headers,
      {},
    );
    expect(res.statusCode).toBe(404);
    expect((await me(t.app, victim.token)).statusCode).toBe(200);
  });
});

describe('a deleted account', () => {
  it('never signs in again, with its password or a reset link', async () => {
    await resetLimits();
    const owner = await member(t.app);
    rememberSecret(owner.password, owner.token);
    const res = await send(t.app, 'POST', `${ACCOUNT}/delete`, owner.headers, {
      password: owner.password,
    });
    expect(res.statusCode).toBe(200);
    expect((await login(t.app, { email: owner.email, password: owner.password })).statusCode).toBe(
      401,
    );
    await forgot(t.app, owner.email);
    await expect(linkToken(t.db, owner.email, 'reset-password')).rejects.toThrow();
    expect((await me(t.app, owner.token)).statusCode).toBe(401);
  });

  it('logged no password, token or secret', () => {
    expect(secretLeaks(logs.lines)).toEqual([]);
  });
});
