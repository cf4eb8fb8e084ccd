import { z } from 'zod';
import { addDays, shopDay } from './paris-days';

/**
 * The periods of the accountant's exports (docs/product.md 'Back office' ('Accounting
 * exports')): days of the shop's calendar (Paris), both ends included, and calendar quarters
 * `YYYY-Qn`. A period upside down, longer than a year, or a quarter that has not begun is
 * refused with a message the back office shows.
 */

/** The longest period one export covers: a fiscal year may run 12 months and a leap day. */
export const EXPORT_PERIOD_MAX_DAYS = 366;

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar day `YYYY-MM-DD` (no 31 April). */
const isCalendarDay = (value: string): boolean =>
  DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

const daySchema = z
  .string({ error: 'exports.period.invalid_day' })
  .refine(isCalendarDay, { error: 'exports.period.invalid_day' });

const daysBetween = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** `from` and `to`, both included; refused upside down or longer than a year. */
function periodChecked<S extends z.ZodType<{ from: string; to: string }>>(schema: S) {
  return schema
    .refine(({ from, to }) => from <= to, { path: ['to'], error: 'exports.period.reversed' })
    .refine(({ from, to }) => daysBetween(from, to) < EXPORT_PERIOD_MAX_DAYS, {
      path: ['to'],
      error: 'exports.period.too_long',
    });
}

export const ExportPeriodSchema = periodChecked(z.object({ from: daySchema, to: daySchema }));
export type ExportPeriod = z.infer<typeof ExportPeriodSchema>;

export const SALES_JOURNAL_FORMATS = ['fec', 'csv'] as const;
export type SalesJournalFormat = (typeof SALES_JOURNAL_FORMATS)[number];
export const TABLE_FORMATS = ['json', 'csv'] as const;

const formatOf = <T extends readonly [string, ...string[]]>(formats: T, fallback: T[number]) =>
  z.enum(formats, { error: 'exports.format.invalid' }).default(fallback);

export const SalesJournalQuerySchema = periodChecked(
  z.object({ from: daySchema, to: daySchema, format: formatOf(SALES_JOURNAL_FORMATS, 'fec') }),
);

export const PaymentsQuerySchema = periodChecked(
  z.object({ from: daySchema, to: daySchema, format: formatOf(TABLE_FORMATS, 'json') }),
);

export interface Quarter {
  /** `2026-Q3` */
  label: string;
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, included. */
  to: string;
}

/** The quarter `YYYY-Qn`, or undefined when the text is not one. */
export function parseQuarter(text: string): Quarter | undefined {
  const match = /^(\d{4})-Q([1-4])$/.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const index = Number(match[2]);
  const startMonth = (index - 1) * 3 + 1;
  const from = `${year}-${String(startMonth).padStart(2, '0')}-01`;
  const next =
    index === 4 ? `${year + 1}-01-01` : `${year}-${String(startMonth + 3).padStart(2, '0')}-01`;
  return { label: text, from, to: addDays(next, -1) };
}

/** The quarter a Paris day falls in. */
export function quarterOf(day: string): string {
  return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
}

/** A quarter that has begun by `now` (Paris time): the current one is summed so far. */
export const OssQuerySchema = z.object({
  quarter: z
    .string({ error: 'exports.quarter.invalid' })
    .refine((value) => parseQuarter(value) !== undefined, { error: 'exports.quarter.invalid' })
    .refine((value) => (parseQuarter(value)?.from ?? '') <= shopDay(new Date()), {
      error: 'exports.quarter.future',
    }),
  format: formatOf(TABLE_FORMATS, 'json'),
});
