import {
  AdminRenewalsResponseSchema,
  RecurringFiguresSchema,
  RenewalRunResponseSchema,
  type AdminRenewal,
} from '@cadran/domain/auto-renewal-api';
import { DashboardResponseSchema } from '@cadran/domain/staff-customers';
import type { z } from 'zod';

/**
 * The staff API's answers about automatic renewals, read with the server's own schemas
 * (docs/decisions/050-renewal-screens.md): money in integer cents, like every staff answer.
 */
export {
  AdminRenewalsResponseSchema as RenewalsSchema,
  RenewalRunResponseSchema as RenewalRunSchema,
};
export type RenewalItem = AdminRenewal;
export type Recurring = z.infer<typeof RecurringFiguresSchema>;

/** The dashboard with its recurring revenue, when the server sends it. */
export const RecurringDashboardSchema = DashboardResponseSchema.extend({
  recurring: RecurringFiguresSchema.optional(),
});
