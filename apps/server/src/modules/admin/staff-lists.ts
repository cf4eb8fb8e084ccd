import { addDays, startOfShopDay } from '@cadran/domain/paris-days';
import { asc, desc, gte, lt, lte, type AnyColumn, type SQL } from 'drizzle-orm';

/** LIKE wildcards typed by the operator are matched literally. */
export const likePattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const isDay = (bound: string) => /^\d{4}-\d{2}-\d{2}$/.test(bound);

/**
 * The conditions of a period on `column`: a day bound is the whole Paris day (`to` included),
 * an instant is taken as given.
 */
export function periodConditions(
  column: AnyColumn,
  period: { from?: string | undefined; to?: string | undefined },
): SQL[] {
  const conditions: SQL[] = [];
  if (period.from) {
    conditions.push(
      gte(column, isDay(period.from) ? startOfShopDay(period.from) : new Date(period.from)),
    );
  }
  if (period.to) {
    conditions.push(
      isDay(period.to)
        ? lt(column, startOfShopDay(addDays(period.to, 1)))
        : lte(column, new Date(period.to)),
    );
  }
  return conditions;
}

/** ORDER BY of a whitelisted sort, with a tie-breaker so pages never overlap. */
export const orderOf = (
  sort: { descending: boolean },
  column: AnyColumn | SQL,
  tieBreaker: AnyColumn,
): SQL[] => (sort.descending ? [desc(column), desc(tieBreaker)] : [asc(column), asc(tieBreaker)]);
