import type { payments, refunds } from '../../db/schema/payments';

/** A payment attempt and a refund as stored; the providers and the records both speak of them. */
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
