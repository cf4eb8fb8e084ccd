import { z } from 'zod';
import { successEnvelope } from './api';

/**
 * The staff audit trail (docs/product.md 'Back office'): what each staff action changed, as the
 * back office lists and filters it. Entries are written by the server only; this is their
 * wire shape and the query that reads them.
 */

export const AUDIT_PAGE_MAX = 200;

/**
 * Every action the audit trail records, as `area.verb`: the server writes only these, and the
 * back office names each in the reader's language.
 */
export const AUDIT_ACTIONS = [
  'order.mark_paid',
  'order.cancel',
  'order.refund',
  'order.vat_number',
  'order.resend_mail',
  'order.create_manual',
  'customer.lock',
  'customer.unlock',
  'customer.sessions_end',
  'license.suspend',
  'license.reinstate',
  'license.revoke',
  'license.extend',
  'license.deactivate_instance',
  'template.create',
  'template.update',
  'promo_code.create',
  'promo_code.update',
  'roadmap.create',
  'roadmap.update',
  'roadmap.delete',
  'roadmap.reorder',
  'message.read',
  'message.status',
  'message.reply',
  'newsletter.export',
  'export.sales_journal',
  'export.oss',
  'export.payments',
  'staff.second_factor_enrol',
  'staff.recovery_code_use',
  'release.create',
  'release.update',
  'release.add_artifact',
  'release.publish',
  'release.withdraw',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The areas of those actions, in the order the back office offers them as a filter. */
export const AUDIT_AREAS = [
  ...new Set(AUDIT_ACTIONS.map((action) => action.slice(0, action.indexOf('.')))),
] as readonly string[];

/** `area.verb`, lower case: 'roadmap.update', 'promo_code.create', 'order.mark_paid'. */
const ActionNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z_]{1,40}(\.[a-z_]{1,40})?$/);

export const AuditQuerySchema = z
  .object({
    actor_id: z.uuid().optional(),
    /** An exact action, or an area alone ('roadmap') for all of its actions. */
    action: ActionNameSchema.optional(),
    target_type: z
      .string()
      .trim()
      .regex(/^[a-z_]{1,40}$/)
      .optional(),
    target_id: z.string().trim().min(1).max(100).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
    path: ['to'],
    message: 'must not be before from',
  });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.string(), email: z.string() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditResponseSchema = successEnvelope({
  data: z.array(AuditEntrySchema),
  total: z.number().int().min(0),
});
