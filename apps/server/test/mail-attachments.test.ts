import { describe, expect, it } from 'vitest';
import { MAIL_ATTACHMENT_MAX_BYTES, MailInputSchema } from '../src/mail/message';

const mail = (attachments: unknown) => ({
  kind: 'test',
  to: 'someone@example.com',
  subject: 'Hello',
  text: 'Body',
  attachments,
});
const pdf = (bytes: number) => ({
  filename: 'FA-2026-00001.pdf',
  contentType: 'application/pdf',
  contentBase64: Buffer.alloc(bytes, 1).toString('base64'),
});

describe('mail attachments', () => {
  it('accepts inline content up to the bound, or a stored document by id', () => {
    expect(MailInputSchema.safeParse(mail([pdf(MAIL_ATTACHMENT_MAX_BYTES)])).success).toBe(true);
    expect(
      MailInputSchema.safeParse(
        mail([
          {
            filename: 'FA-2026-00001.pdf',
            contentType: 'application/pdf',
            storedDocumentId: '6f1c2a8e-4b7d-4c1e-9a3f-2d5b8e7c9a10',
          },
        ]),
      ).success,
    ).toBe(true);
  });

  it('refuses content over the bound, too many files, a path as name, and neither or both sources', () => {
    expect(MailInputSchema.safeParse(mail([pdf(MAIL_ATTACHMENT_MAX_BYTES + 3)])).success).toBe(
      false,
    );
    expect(MailInputSchema.safeParse(mail([pdf(10), pdf(10), pdf(10), pdf(10)])).success).toBe(
      false,
    );
    expect(
      MailInputSchema.safeParse(mail([{ ...pdf(10), filename: '../etc/passwd' }])).success,
    ).toBe(false);
    expect(
      MailInputSchema.safeParse(mail([{ filename: 'a.pdf', contentType: 'application/pdf' }]))
        .success,
    ).toBe(false);
    expect(
      MailInputSchema.safeParse(
        mail([{ ...pdf(10), storedDocumentId: '6f1c2a8e-4b7d-4c1e-9a3f-2d5b8e7c9a10' }]),
      ).success,
    ).toBe(false);
  });
});
