import { z } from 'zod';
import { staffListAnswer, staffPageFields, staffSearchField, staffSortField } from './staff-lists';

/** Newsletter subscribers in the back office (docs/product.md 'Back office' ('Newsletter')). */

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

export const STAFF_NEWSLETTER_SORTS = ['created_at', 'email', 'confirmed_at'] as const;

export const StaffNewsletterQuerySchema = z.object({
  ...staffPageFields,
  status: z.enum(NEWSLETTER_STATUSES, { error: 'validation.invalid' }).optional(),
  /** Part of the address. */
  q: staffSearchField,
  sort: staffSortField(STAFF_NEWSLETTER_SORTS, '-created_at'),
});
export type StaffNewsletterQuery = z.infer<typeof StaffNewsletterQuerySchema>;

export const StaffSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  language: z.enum(['fr', 'en']),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type StaffSubscriber = z.infer<typeof StaffSubscriberSchema>;

export const StaffNewsletterResponseSchema = staffListAnswer(StaffSubscriberSchema).extend({
  counts: z.object({
    pending: z.number().int().min(0),
    confirmed: z.number().int().min(0),
    unsubscribed: z.number().int().min(0),
  }),
});
