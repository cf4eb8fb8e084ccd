import type { Result } from 'autocannon';
import type { Budget } from './lib/results';

/**
 * The API's speed targets (docs/quality.md 'API'), read from the measures: a target's rate as
 * a share of the bare Fastify baseline, or in answers per second, and its p99 latency.
 */

export interface Measured {
  name: string;
  result: Result;
}

/** Successful answers per second: a refused request is not a served one. */
export const okPerSecond = (m: Measured | undefined): number =>
  m ? m.result['2xx'] / m.result.duration : 0;

/** At least `minPercent` of the baseline's successful answers per second. */
function shareOfBaseline(
  label: string,
  measured: Measured | undefined,
  baseline: number,
  minPercent: number,
): Budget {
  const share = baseline ? (okPerSecond(measured) / baseline) * 100 : 0;
  return {
    name: `${label}: req/s vs baseline`,
    target: `>= ${minPercent} %`,
    measured: `${share.toFixed(0)} % (${Math.round(okPerSecond(measured))} / ${Math.round(baseline)})`,
    pass: share >= minPercent,
  };
}

/** A p99 latency under `maxMs`; a target not measured fails. */
function p99Under(label: string, measured: Measured | undefined, maxMs: number): Budget {
  const p99 = measured?.result.latency.p99;
  return {
    name: `${label}: p99 latency`,
    target: `< ${maxMs} ms`,
    measured: `${p99 ?? '?'} ms`,
    pass: (p99 ?? Infinity) < maxMs,
  };
}

export function apiBudgets(measures: readonly Measured[]): Budget[] {
  const find = (prefix: string) => measures.find((m) => m.name.startsWith(prefix));
  const baseline = okPerSecond(measures[0]);
  const relative = (label: string, prefix: string, minPercent: number, maxMs: number) => {
    const measured = find(prefix);
    return [
      shareOfBaseline(label, measured, baseline, minPercent),
      p99Under(label, measured, maxMs),
    ];
  };
  const pgliteOrders = find('POST /api/v1/website/orders (PGlite)');
  return [
    ...relative('drawn page (cached)', 'GET /en/pricing (drawn page', 50, 10),
    ...relative('roadmap', 'GET /api/v1/website/roadmap', 50, 10),
    ...relative('templates', 'GET /api/v1/website/templates', 50, 10),
    ...relative('licence validate', 'POST /api/v1/licenses/validate', 40, 20),
    {
      name: 'order creation on PGlite: orders/s',
      target: '>= 300',
      measured: `${Math.round(okPerSecond(pgliteOrders))}`,
      pass: okPerSecond(pgliteOrders) >= 300,
    },
    p99Under('order creation on PGlite', pgliteOrders, 100),
  ];
}
