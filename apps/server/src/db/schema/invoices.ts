import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@cadran/domain/constants';
import type { InvoiceDocument } from '@cadran/domain/invoice';
import { INVOICE_KINDS } from '@cadran/domain/invoice-numbers';
import { createdAt, sqlList } from './columns';
import { orders } from './orders';

/** PDF bytes. PGlite hands back a Uint8Array, node-postgres a Buffer: both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The last number given per kind and calendar year (docs/product.md 'Invoices' ('Numbers')).
 * Issuing increments the row inside the paying transaction: the row lock makes concurrent
 * payments, in any number of server processes, take turns, and a rolled-back payment gives
 * its number back, so the sequence has neither gap nor duplicate.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.year] }),
    check('invoice_counters_kind_valid', sql.raw(`kind IN (${sqlList(INVOICE_KINDS)})`)),
    check('invoice_counters_last_number_positive', sql`${t.lastNumber} >= 1`),
  ],
);

/**
 * Invoices and credit notes as issued: the whole document (seller, buyer, lines, rates, totals)
 * as a snapshot and the PDF rendered once, so every download returns the same bytes. Rows are
 * never updated: a mistake is corrected by a credit note, not by an edit. One invoice per
 * order; per invoice, at most one credit note of its VAT alone (`vat_only`, given back once VIES
 * confirmed the buyer's VAT number) and one credit note of the rest or of the whole.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    number: text('number').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    creditedInvoiceId: uuid('credited_invoice_id').references((): AnyPgColumn => invoices.id),
    vatOnly: boolean('vat_only').notNull().default(false),
    language: text('language', { enum: LANGUAGES }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    /**
     * Rendered once, after the paying transaction (the counter row is not held while a PDF is
     * drawn), by the first reader: the confirmation e-mail's delivery or a download. Written
     * only while empty; rendering is deterministic, so any renderer writes the same bytes.
     */
    pdf: bytea('pdf'),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoices_kind_valid', sql.raw(`kind IN (${sqlList(INVOICE_KINDS)})`)),
    check(
      'invoices_credit_note_refers_to_invoice',
      sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} IS NOT NULL)`,
    ),
    uniqueIndex('invoices_one_invoice_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_one_credit_note_per_invoice_and_scope').on(
      t.creditedInvoiceId,
      t.vatOnly,
    ),
    check('invoices_vat_only_is_a_credit_note', sql`NOT ${t.vatOnly} OR ${t.kind} = 'credit_note'`),
    index('invoices_order_id_idx').on(t.orderId, t.issuedAt),
  ],
);
