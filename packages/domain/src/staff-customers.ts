import { z } from 'zod';
import { successEnvelope } from './api';
import { RecurringFiguresSchema } from './auto-renewal-api';
import { LICENSE_STATUSES } from './licenses';
import { listAnswer, pageFields, searchField, sortField } from './staff-lists';
import { AdminOrderSchema } from './staff-orders';

/**
 * Back-office customers and dashboard (docs/product.md 'Back office'): client accounts with
 * their orders, licences and sessions, locking an account, and the day's figures. Money is in
 * integer cents, euros including VAT.
 */

const instant = z.iso.datetime({ offset: true });

export const CUSTOMER_SORTS = ['created_at', 'email', 'order_count'] as const;

export const CustomersQuerySchema = z.object({
  /** E-mail, name or company. */
  q: searchField,
  sort: sortField(CUSTOMER_SORTS, '-created_at'),
  ...pageFields,
});
export type CustomersQuery = z.infer<typeof CustomersQuerySchema>;

export const CustomerRowSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  country: z.string(),
  created_at: instant,
  order_count: z.number().int().min(0),
  /** Totals of the orders paid and not refunded, in cents. */
  total_paid: z.number().int().min(0),
  locked: z.boolean(),
});
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

export const CustomersResponseSchema = listAnswer(CustomerRowSchema);

export const CustomerDetailSchema = z.object({
  customer: CustomerRowSchema.extend({
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    address_line_1: z.string(),
    postal_code: z.string(),
    city: z.string(),
    language: z.enum(['fr', 'en']),
    locked_at: instant.nullable(),
    lock_reason: z.string().nullable(),
    /** Null: this store does not verify addresses yet. */
    email_verified: z.boolean().nullable(),
    vat_number: z.string().nullable(),
    /** Set when the owner deleted the account: the row stays, anonymised, for its orders. */
    deleted_at: z.string().nullable(),
  }),
  orders: z.array(AdminOrderSchema),
  licences: z.array(
    z.object({
      id: z.uuid(),
      key: z.string(),
      status: z.enum(LICENSE_STATUSES),
      order_id: z.uuid(),
      expires_at: instant.nullable(),
    }),
  ),
  sessions: z.array(
    z.object({ id: z.uuid(), created_at: instant, last_seen_at: instant, expires_at: instant }),
  ),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

export const CustomerDetailResponseSchema = successEnvelope(CustomerDetailSchema.shape);

export const LockAccountSchema = z.object({
  reason: z
    .string({ error: 'admin.lock.reason_required' })
    .trim()
    .min(1, { error: 'admin.lock.reason_required' })
    .max(500, { error: 'validation.too_long' }),
});

export const SessionsEndedResponseSchema = successEnvelope({
  ended: z.number().int().min(0),
  message: z.string(),
});

export const LockResponseSchema = successEnvelope({
  customer: CustomerDetailSchema.shape.customer,
  sessions_ended: z.number().int().min(0),
  message: z.string(),
});

/** `revenue` includes VAT; `revenue_before_vat` is what the shop keeps (after discounts). */
const figures = {
  orders: z.number().int().min(0),
  revenue: z.number().int(),
  revenue_before_vat: z.number().int(),
};

export const DashboardResponseSchema = successEnvelope({
  /** Orders placed today (Paris), and the totals of orders paid today. */
  today: z.object(figures),
  last_30_days: z.object({
    ...figures,
    by_day: z.array(z.object({ date: z.iso.date(), ...figures })),
  }),
  /** Bank-transfer orders still waiting for their money. */
  transfers_awaiting: z.number().int().min(0),
  new_messages: z.number().int().min(0),
  /** Licences (not revoked nor suspended) whose term ends this calendar month. */
  licences_expiring_this_month: z.number().int().min(0),
  /** Recurring revenue of the licences that renew themselves (cents; rate from 0 to 1). */
  recurring: RecurringFiguresSchema,
});
export type Dashboard = z.infer<typeof DashboardResponseSchema>;
