import { z } from 'zod';
import { successEnvelope } from './api';
import { centsToDecimalString } from './money';
import type { OssSummary } from './oss-summary';
import type { PaymentsDayRow } from './payments-summary';
import type { Quarter } from './accounting-period';

/**
 * The JSON answers of the accountant's exports (docs/product.md 'Back office' ('Accounting
 * exports')): amounts as decimal strings in euros ("1125.60"), rates as percentages ("19.00").
 */

const Amount = z.string();

const OssRowSchema = z.object({
  country: z.string(),
  vat_rate: z.string(),
  taxable_amount: Amount,
  vat_amount: Amount,
  documents: z.number().int(),
});

export const OssResponseSchema = successEnvelope({
  quarter: z.string(),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  sales: z.array(OssRowSchema),
  corrections: z.array(OssRowSchema.extend({ corrected_quarter: z.string() })),
  totals: z.object({ taxable_amount: Amount, vat_amount: Amount }),
});
export type OssResponse = z.infer<typeof OssResponseSchema>;

export const PaymentsResponseSchema = successEnvelope({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  days: z.array(
    z.object({
      day: z.string(),
      method: z.string(),
      received: Amount,
      refunded: Amount,
      net: Amount,
      invoices: z.number().int(),
      credit_notes: z.number().int(),
    }),
  ),
  totals: z.object({ received: Amount, refunded: Amount, net: Amount }),
});
export type PaymentsResponse = z.infer<typeof PaymentsResponseSchema>;

const amount = centsToDecimalString;
const rate = (basisPoints: number): string => (basisPoints / 100).toFixed(2);

export function ossAnswer(quarter: Quarter, summary: OssSummary, currency: string): OssResponse {
  const row = (r: OssSummary['sales'][number]) => ({
    country: r.country,
    vat_rate: rate(r.rateBasisPoints),
    taxable_amount: amount(r.taxableCents),
    vat_amount: amount(r.vatCents),
    documents: r.documents,
  });
  return {
    success: true,
    quarter: quarter.label,
    from: quarter.from,
    to: quarter.to,
    currency,
    sales: summary.sales.map(row),
    corrections: summary.corrections.map((r) => ({
      ...row(r),
      corrected_quarter: r.correctedQuarter,
    })),
    totals: {
      taxable_amount: amount(summary.totals.taxableCents),
      vat_amount: amount(summary.totals.vatCents),
    },
  };
}

export function paymentsAnswer(
  period: { from: string; to: string },
  rows: readonly PaymentsDayRow[],
  currency: string,
): PaymentsResponse {
  const sum = (pick: (row: PaymentsDayRow) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return {
    success: true,
    from: period.from,
    to: period.to,
    currency,
    days: rows.map((row) => ({
      day: row.day,
      method: row.method,
      received: amount(row.receivedCents),
      refunded: amount(row.refundedCents),
      net: amount(row.netCents),
      invoices: row.invoices,
      credit_notes: row.creditNotes,
    })),
    totals: {
      received: amount(sum((row) => row.receivedCents)),
      refunded: amount(sum((row) => row.refundedCents)),
      net: amount(sum((row) => row.netCents)),
    },
  };
}
