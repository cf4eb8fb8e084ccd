import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RENEWAL_RETRY_DAYS,
  cardExpiryInstant,
  cardExpiryNoticeDue,
  consumerNoticeWindow,
  isChargeDue,
  monthlyCents,
  nextChargeAt,
  parseRetrySchedule,
  planChangeKind,
  proratedUpgradeCents,
  remainingShare,
  renewalNoticeAt,
  retryAt,
  upgradedTerm,
  withdrawalEndsAt,
} from './auto-renewal';
import { BILLING_CYCLES, addCycle, type BillingCycle } from './billing-cycles';
import { isLuhnValid, sandboxCard, sandboxIban } from './sandbox-methods';

const DAY = 24 * 60 * 60 * 1000;
const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2040-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const cents = fc.integer({ min: 0, max: 10_000_000 });
const renewingCycle = fc.constantFrom(
  ...BILLING_CYCLES.filter(
    (cycle): cycle is Exclude<BillingCycle, 'one_time'> => cycle !== 'one_time',
  ),
);

describe('next charge date', () => {
  it('falls before the term ends, and is due from then on', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 400 }),
        (expiresAt, lead, later) => {
          const chargeAt = nextChargeAt(expiresAt, lead);
          expect(chargeAt.getTime()).toBe(expiresAt.getTime() - lead * DAY);
          expect(isChargeDue(expiresAt, new Date(chargeAt.getTime() + later * DAY), lead)).toBe(
            true,
          );
          expect(isChargeDue(expiresAt, new Date(chargeAt.getTime() - 1), lead)).toBe(false);
        },
      ),
    );
  });

  it('charges a monthly term the day before it ends', () => {
    expect(nextChargeAt(new Date('2026-12-27T10:00:00Z')).toISOString()).toBe(
      '2026-12-26T10:00:00.000Z',
    );
  });
});

describe('retry schedule', () => {
  it('tries again after 1, 3 and 7 days by default, then stops', () => {
    const first = new Date('2026-12-01T08:00:00Z');
    expect(retryAt(first, 1)?.toISOString()).toBe('2026-12-02T08:00:00.000Z');
    expect(retryAt(first, 2)?.toISOString()).toBe('2026-12-04T08:00:00.000Z');
    expect(retryAt(first, 3)?.toISOString()).toBe('2026-12-08T08:00:00.000Z');
    expect(retryAt(first, 4)).toBeNull();
    expect(() => retryAt(first, 0)).toThrow(RangeError);
  });

  it('is strictly increasing and spent after as many failures as it has days', () => {
    const schedule = fc
      .uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 6 })
      .map((days) => [...days].sort((a, b) => a - b));
    fc.assert(
      fc.property(instant, schedule, (first, days) => {
        const dates = days.map((_, index) => retryAt(first, index + 1, days));
        for (const [index, date] of dates.entries()) {
          expect(date).not.toBeNull();
          expect(date!.getTime()).toBeGreaterThan(first.getTime());
          if (index > 0) expect(date!.getTime()).toBeGreaterThan(dates[index - 1]!.getTime());
        }
        expect(retryAt(first, days.length + 1, days)).toBeNull();
        expect(parseRetrySchedule(days.join(','))).toEqual(days);
      }),
    );
  });

  it('reads the setting and refuses what is not a schedule', () => {
    expect(parseRetrySchedule('1, 3, 7')).toEqual([...DEFAULT_RENEWAL_RETRY_DAYS]);
    for (const bad of ['', '3,1', '1,1', '0,2', '1,x', '1,2,3,4,5,6,7', '61', '-1', '1.5']) {
      expect(parseRetrySchedule(bad)).toBeNull();
    }
  });
});

describe('proration', () => {
  const term = fc
    .tuple(instant, renewingCycle)
    .map(([startsAt, cycle]) => ({ startsAt, endsAt: addCycle(startsAt, cycle)!, cycle }));

  it('costs the full difference at the start of the term and nothing at its end', () => {
    fc.assert(
      fc.property(term, cents, cents, ({ startsAt, endsAt }, a, b) => {
        const [currentPriceCents, newPriceCents] = a <= b ? [a, b] : [b, a];
        const same = { startsAt, endsAt };
        const base = { currentPriceCents, newPriceCents, currentTerm: same, newTerm: same };
        expect(proratedUpgradeCents({ ...base, at: startsAt })).toBe(
          newPriceCents - currentPriceCents,
        );
        expect(proratedUpgradeCents({ ...base, at: endsAt })).toBe(0);
      }),
    );
  });

  it('is never negative, never more than the new price, and falls as the term runs', () => {
    fc.assert(
      fc.property(
        term,
        cents,
        cents,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (t, a, b, x, y) => {
          const length = t.endsAt.getTime() - t.startsAt.getTime();
          const [early, late] = x <= y ? [x, y] : [y, x];
          const at = (share: number) => new Date(t.startsAt.getTime() + Math.floor(share * length));
          const same = { startsAt: t.startsAt, endsAt: t.endsAt };
          const cost = (when: Date) =>
            proratedUpgradeCents({
              currentPriceCents: a,
              newPriceCents: b,
              currentTerm: same,
              newTerm: same,
              at: when,
            });
          const first = cost(at(early));
          expect(first).toBeGreaterThanOrEqual(0);
          expect(first).toBeLessThanOrEqual(b);
          expect(cost(at(late))).toBeLessThanOrEqual(first);
        },
      ),
    );
  });

  it('charges a new cycle in full less the unused part of the current term', () => {
    const startsAt = new Date('2026-11-01T00:00:00Z');
    const current = { startsAt, endsAt: addCycle(startsAt, 'monthly')!, cycle: 'monthly' as const };
    const at = new Date('2026-11-16T00:00:00Z');
    const next = upgradedTerm(current, 'annually', at)!;
    expect(next.startsAt).toEqual(at);
    expect(next.endsAt.toISOString()).toBe('2027-11-16T00:00:00.000Z');
    // Half the month unused: 1 500 of 3 000 cents credited against a fresh 30 000-cent year.
    expect(
      proratedUpgradeCents({
        currentPriceCents: 3000,
        newPriceCents: 30000,
        currentTerm: current,
        newTerm: next,
        at,
      }),
    ).toBe(28500);
    expect(upgradedTerm(current, 'monthly', at)).toEqual({ startsAt, endsAt: current.endsAt });
    expect(remainingShare(current, new Date('2026-10-01T00:00:00Z'))).toBe(1);
  });
});

describe('plan changes', () => {
  const plan = (templateId: number, cycle: BillingCycle, priceCents: number, capacity = 1) => ({
    templateId,
    cycle,
    priceCents,
    capacity,
  });

  it('tells upgrades, downgrades and the same plan apart', () => {
    expect(planChangeKind(plan(1, 'monthly', 1000), plan(1, 'monthly', 1000))).toBe('same');
    expect(planChangeKind(plan(1, 'monthly', 1000), plan(2, 'monthly', 2000))).toBe('upgrade');
    expect(planChangeKind(plan(2, 'monthly', 2000), plan(1, 'monthly', 1000))).toBe('downgrade');
    expect(planChangeKind(plan(1, 'monthly', 1000, 1), plan(2, 'monthly', 1000, 5))).toBe(
      'upgrade',
    );
    // A year for ten months' price costs less a month: it waits for the renewal.
    expect(planChangeKind(plan(1, 'monthly', 1000), plan(1, 'annually', 10000))).toBe('downgrade');
  });

  it('is an upgrade one way exactly when it is a downgrade the other way', () => {
    const anyPlan = fc.record({
      templateId: fc.integer({ min: 1, max: 5 }),
      cycle: renewingCycle,
      priceCents: cents,
      capacity: fc.integer({ min: 1, max: 100 }),
    });
    fc.assert(
      fc.property(anyPlan, anyPlan, (a, b) => {
        const there = planChangeKind(a, b);
        const back = planChangeKind(b, a);
        if (there === 'same') expect(back).toBe('same');
        if (
          there === 'upgrade' &&
          (monthlyCents(a.priceCents, a.cycle) !== monthlyCents(b.priceCents, b.cycle) ||
            a.capacity !== b.capacity)
        ) {
          expect(back).toBe('downgrade');
        }
      }),
    );
  });
});

describe('renewal notice', () => {
  it('reaches a consumer between three months and one month before a yearly term', () => {
    const longCycle = fc.constantFrom<BillingCycle>('annually', 'biennially', 'triennially');
    fc.assert(
      fc.property(instant, longCycle, (startsAt, cycle) => {
        const expiresAt = addCycle(startsAt, cycle)!;
        const at = renewalNoticeAt({ startsAt, expiresAt }, cycle, true);
        const { from, until } = consumerNoticeWindow(expiresAt);
        expect(at.getTime()).toBeGreaterThanOrEqual(from.getTime());
        expect(at.getTime()).toBeLessThanOrEqual(until.getTime());
      }),
    );
  });

  it('reaches anyone else a week before, never before the term began', () => {
    fc.assert(
      fc.property(instant, renewingCycle, fc.boolean(), (startsAt, cycle, consumer) => {
        const expiresAt = addCycle(startsAt, cycle)!;
        const at = renewalNoticeAt({ startsAt, expiresAt }, cycle, consumer);
        expect(at.getTime()).toBeGreaterThanOrEqual(startsAt.getTime());
        expect(at.getTime()).toBeLessThan(expiresAt.getTime());
      }),
    );
  });
});

describe('cards, withdrawal and the sandbox test methods', () => {
  it('keeps a card working to the end of its month', () => {
    expect(cardExpiryInstant(2027, 4).toISOString()).toBe('2027-04-30T23:59:59.999Z');
    expect(withdrawalEndsAt(new Date('2026-11-01T00:00:00Z')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });

  it('tells of a card that stops before the next charge, from its last 30 days only', () => {
    const card = cardExpiryInstant(2027, 4);
    const charge = new Date('2027-05-14T10:00:00Z');
    expect(cardExpiryNoticeDue(card, charge, new Date('2027-03-31T23:59:59Z'))).toBe(false);
    expect(cardExpiryNoticeDue(card, charge, new Date('2027-04-01T00:00:00Z'))).toBe(true);
    expect(
      cardExpiryNoticeDue(card, new Date('2027-04-20T10:00:00Z'), new Date('2027-04-10')),
    ).toBe(false);
    fc.assert(
      fc.property(
        fc.integer({ min: 2026, max: 2040 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: -60, max: 60 }),
        (year, month, chargeDays, nowDays) => {
          const expires = cardExpiryInstant(year, month);
          const chargeAt = new Date(expires.getTime() + chargeDays * 86_400_000);
          const now = new Date(expires.getTime() + nowDays * 86_400_000);
          const due = cardExpiryNoticeDue(expires, chargeAt, now);
          // Never for a card still valid at the charge, never earlier than 30 days before it stops.
          if (chargeDays <= 0 || nowDays < -30) expect(due).toBe(false);
          if (chargeDays > 0 && nowDays >= -30) expect(due).toBe(true);
        },
      ),
    );
  });

  it('knows the test numbers and refuses what is no number', () => {
    expect(sandboxCard('4242 4242 4242 4242')?.later).toBe('succeeds');
    expect(sandboxCard('4000000000000341')).toMatchObject({
      firstPayment: 'succeeds',
      later: 'declines',
    });
    expect(sandboxCard('4000002500003155')?.later).toBe('requires_action');
    expect(sandboxCard('4242424242424241')).toBeNull();
    expect(sandboxIban('DE89 3704 0044 0532 0130 00')?.later).toBe('succeeds');
    expect(sandboxIban('AT861904300235473201')?.firstPayment).toBe('fails');
    expect(sandboxIban('DE00370400440532013000')).toBeNull();
    expect(isLuhnValid('79927398713')).toBe(false);
    expect(isLuhnValid('5555555555554444')).toBe(true);
  });
});
