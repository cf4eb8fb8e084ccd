import type { Language } from '@cadran/domain/constants';
import { sql } from 'drizzle-orm';
import { orderItems } from '../../db/schema/orders';

/**
 * A licence's plan name in SQL, read from the line it is sold as (joined as order_items): the
 * plan a renewal or plan-change line names, else the template's own name; English when there
 * is one.
 */
export const planNameSql = (lang: Language) =>
  lang === 'en'
    ? sql<string>`coalesce(nullif(${orderItems.templateSnapshot}->>'plan_name_en', ''), nullif(${orderItems.templateSnapshot}->>'name_en', ''), ${orderItems.templateSnapshot}->>'name', '')`
    : sql<string>`coalesce(${orderItems.templateSnapshot}->>'plan_name', ${orderItems.templateSnapshot}->>'name', '')`;
