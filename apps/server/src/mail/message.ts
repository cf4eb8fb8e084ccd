import { z } from 'zod';

export const MailInputSchema = z.object({
  kind: z.string().trim().min(1).max(64),
  to: z.email(),
  // Header values never carry line breaks: no header injection through a subject.
  subject: z
    .string()
    .transform((value) => value.replace(/[\r\n]+/g, ' ').trim())
    .pipe(z.string().min(1).max(300)),
  text: z.string().min(1),
  html: z.string().optional(),
  replyTo: z.email().optional(),
});
/** A message as features write it. */
export type MailInput = z.input<typeof MailInputSchema>;
/** A message as the queue stores it: checked, subject on one line. */
export type CheckedMail = z.output<typeof MailInputSchema>;

/**
 * Whether the queue accepts this recipient. Forms check e-mails with a simple pattern,
 * which lets through addresses no mail can reach ('a@{b.[c'): a route that mails the address
 * it was given asks first, and refuses the input instead of failing after storing it.
 */
export const isDeliverableAddress = (address: string): boolean =>
  MailInputSchema.shape.to.safeParse(address).success;
