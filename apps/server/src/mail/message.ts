import { z } from 'zod';

/**
 * An attachment travels in the job's payload either inline, base64 encoded, or as the id of a
 * document stored elsewhere (an invoice's PDF) that the delivery reads through the resolver the
 * mail plugin is given. Either is bounded, so one message stays far below what mail servers
 * accept (commonly 10 to 25 MB) and a job row stays small.
 */
export const MAIL_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const MAIL_ATTACHMENTS_MAX = 3;
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

export const MailAttachmentSchema = z
  .object({
    // A plain file name: no path, no header-breaking character.
    filename: z.string().regex(/^[\w.-]{1,100}$/),
    contentType: z.enum(['application/pdf']),
    contentBase64: z
      .string()
      .min(1)
      .max(base64Length(MAIL_ATTACHMENT_MAX_BYTES))
      .regex(/^[A-Za-z0-9+/]+={0,2}$/)
      .optional(),
    storedDocumentId: z.uuid().optional(),
  })
  .refine(
    (attachment) =>
      (attachment.contentBase64 === undefined) !== (attachment.storedDocumentId === undefined),
    {
      message: 'an attachment has either inline content or a stored document id',
    },
  );
export type MailAttachment = z.infer<typeof MailAttachmentSchema>;

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
  /**
   * The one-click unsubscribe address of a list e-mail (RFC 8058): sent as `List-Unsubscribe`
   * with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so a mail client's unsubscribe
   * button POSTs to it. An http(s) address without line breaks or angle brackets.
   */
  listUnsubscribeUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .refine((value) => !/[\s<>]/.test(value))
    .optional(),
  attachments: z.array(MailAttachmentSchema).max(MAIL_ATTACHMENTS_MAX).optional(),
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
