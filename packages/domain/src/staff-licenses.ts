import { z } from 'zod';
import { successEnvelope } from './api';
import { clean, requiredText } from './fields';
import { LicenseStateSchema, OwnedLicenseInstanceSchema } from './license-api';
import { LICENSE_STATES, LICENSE_STATUSES } from './licenses';
import { staffListAnswer, staffPageFields, staffSearchField, staffSortField } from './staff-lists';

/**
 * Licences in the back office (docs/product.md 'Back office' ('Licences')): the list, one
 * licence with its installations, customer and order, and the staff changes.
 */

export const STAFF_LICENSE_SORTS = ['created_at', 'expires_at'] as const;

export const StaffLicensesQuerySchema = z.object({
  ...staffPageFields,
  /** Key, domain or the customer's e-mail. */
  q: staffSearchField,
  /** The status at this moment, as the activation API would answer it. */
  status: z.enum(LICENSE_STATUSES, { error: 'validation.invalid' }).optional(),
  sort: staffSortField(STAFF_LICENSE_SORTS, '-created_at'),
});
export type StaffLicensesQuery = z.infer<typeof StaffLicensesQuerySchema>;

const CustomerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  company: z.string(),
});

/** One row of the list: the state as the API states it, plus who holds it and staff's note. */
export const StaffLicenseRowSchema = LicenseStateSchema.extend({
  id: z.string(),
  state: z.enum(LICENSE_STATES),
  /** Why staff suspended or revoked it; null otherwise. */
  state_reason: z.string().nullable(),
  order_id: z.string(),
  customer: CustomerSchema,
  created_at: z.string(),
});
export type StaffLicenseRow = z.infer<typeof StaffLicenseRowSchema>;

export const StaffLicenseInstanceSchema = OwnedLicenseInstanceSchema.extend({
  deactivated_at: z.string().nullable(),
});

export const StaffLicenseSchema = StaffLicenseRowSchema.extend({
  update_permissions: z.boolean(),
  /** Every installation, freed ones included (with the date they were freed). */
  instances: z.array(StaffLicenseInstanceSchema),
  order: z.object({
    id: z.string(),
    order_number: z.string(),
    status: z.string(),
    payment_status: z.string(),
    created_at: z.string(),
  }),
});
export type StaffLicense = z.infer<typeof StaffLicenseSchema>;

export const StaffLicensesResponseSchema = staffListAnswer(StaffLicenseRowSchema);
export const StaffLicenseResponseSchema = successEnvelope({ license: StaffLicenseSchema });
export const StaffLicenseChangedSchema = successEnvelope({
  license: StaffLicenseSchema,
  message: z.string(),
});

export const STAFF_REASON_MAX = 500;

/** Suspending or revoking says why: the customer will ask. */
export const StaffLicenseReasonSchema = z.object({
  reason: requiredText('staff.reason.required', STAFF_REASON_MAX),
});

/** Reinstating needs nothing; a note may say why. */
export const StaffLicenseReinstateSchema = z
  .object({
    reason: z
      .string({ error: 'validation.invalid' })
      .trim()
      .max(STAFF_REASON_MAX, { error: 'validation.too_long', ...clean })
      .optional(),
  })
  .default({});

/**
 * The new expiry: an ISO date (`2027-06-30`, the start of that day in UTC) or an ISO date and
 * time with its offset. Whether it is after the current expiry is the licence's rule.
 */
export const StaffLicenseExtendSchema = z.object({
  until: z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], {
      error: 'staff.license.until_invalid',
    })
    .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value)),
});
