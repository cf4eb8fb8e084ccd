import { z } from 'zod';
import { successEnvelope } from './api';
import { requiredText } from './fields';
import { staffListAnswer, staffPageFields, staffSearchField, staffSortField } from './staff-lists';

/**
 * Contact messages in the back office (docs/product.md 'Back office' ('Messages')): their
 * status, the replies sent by e-mail, and the rules between them.
 */

export const CONTACT_MESSAGE_STATUSES = ['new', 'read', 'answered', 'archived'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/**
 * Whether staff may set `to` by hand: any status but `answered`, which only a reply sets (a
 * message marked answered without one would say the sender got an answer they never got).
 */
export const manualStatusRefusal = (
  to: ContactMessageStatus,
  replies: number,
): 'staff.message.answered_needs_reply' | null =>
  to === 'answered' && replies === 0 ? 'staff.message.answered_needs_reply' : null;

/** Opening a new message marks it read; any other status stays as it is. */
export const statusWhenOpened = (status: ContactMessageStatus): ContactMessageStatus =>
  status === 'new' ? 'read' : status;

export const STAFF_MESSAGE_SORTS = ['created_at'] as const;

export const StaffMessagesQuerySchema = z.object({
  ...staffPageFields,
  status: z.enum(CONTACT_MESSAGE_STATUSES, { error: 'validation.invalid' }).optional(),
  /** Name, e-mail, company or the message's text. */
  q: staffSearchField,
  sort: staffSortField(STAFF_MESSAGE_SORTS, '-created_at'),
});
export type StaffMessagesQuery = z.infer<typeof StaffMessagesQuerySchema>;

export const StaffMessageRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  /** The language to answer in: the one the sender wrote from. */
  language: z.enum(['fr', 'en']),
  status: z.enum(CONTACT_MESSAGE_STATUSES),
  created_at: z.string(),
  reply_count: z.number().int().min(0),
});
export type StaffMessageRow = z.infer<typeof StaffMessageRowSchema>;

export const StaffReplySchema = z.object({
  at: z.string(),
  staff_email: z.string(),
  body: z.string(),
});

export const StaffMessageSchema = StaffMessageRowSchema.extend({
  replies: z.array(StaffReplySchema),
});
export type StaffMessage = z.infer<typeof StaffMessageSchema>;

export const StaffMessagesResponseSchema = staffListAnswer(StaffMessageRowSchema);
export const StaffMessageResponseSchema = successEnvelope({ message: StaffMessageSchema });

export const StaffMessageStatusSchema = z.object({
  status: z.enum(CONTACT_MESSAGE_STATUSES, { error: 'validation.invalid' }),
});

export const STAFF_REPLY_MAX = 10_000;

export const StaffMessageReplySchema = z.object({
  body: requiredText('staff.message.reply_required', STAFF_REPLY_MAX),
});

/** A reply sent (201): the message with its history, and the notice to show staff. */
export const StaffMessageReplyResponseSchema = successEnvelope({
  message: StaffMessageSchema,
  notice: z.string(),
});
