import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EINVOICE_STATUSES } from '@cadran/domain/einvoice-lifecycle';
import { createdAt, sqlList } from './columns';
import { invoices } from './invoices';

/**
 * What an approved platform said of each invoice and credit note sent to it
 * (docs/decisions/047-einvoice-platforms.md): one row per status, at most one of each per
 * document, so a send retried or run by two processes records every status once.
 */
export const einvoiceEvents = pgTable(
  'einvoice_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    status: text('status', { enum: EINVOICE_STATUSES }).notNull(),
    /** The platform's name in the setting (`demo`, or a connector's). */
    platform: text('platform').notNull(),
    /** The platform's own identifier of the deposit. */
    reference: text('reference').notNull(),
    /** When the platform says it happened. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The platform's reason, for a rejection. */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    check('einvoice_events_status_valid', sql.raw(`status IN (${sqlList(EINVOICE_STATUSES)})`)),
    uniqueIndex('einvoice_events_one_per_status').on(t.invoiceId, t.status),
    index('einvoice_events_invoice_idx').on(t.invoiceId, t.occurredAt),
  ],
);
