import type { Language } from '@cadran/domain/constants';
import type { MailInput } from '../../mail/queue';
import {
  InlineLink,
  MailButton,
  MailLayout,
  Paragraph,
  Signature,
  composeMail,
  fill,
  oneLine,
  type MailBrand,
} from '../../mail/templates';
import { renewalMailCopy, type RenewalMailKind } from './email-copy';

export interface RenewalMailContext {
  recipient: { email: string; firstName: string; language: Language };
  kind: RenewalMailKind;
  /** The values its words name ({key}, {amount}, {date}...), already formatted. */
  values: Record<string, string>;
  /** Where its button leads, in the client area. */
  link: string;
  /** The licence's page, linked under the button where the buyer changes the method. */
  methodLink?: string;
  brand: MailBrand;
}

/**
 * One e-mail of automatic renewal (docs/product.md 'E-mails'): a failed charge and what to do,
 * its end, the stop confirmed, the notice before a charge, a card about to expire, a
 * withdrawal acknowledged. To the account's address, in its language.
 */
export function renewalMail(ctx: RenewalMailContext): Promise<MailInput> {
  const lang = ctx.recipient.language;
  const catalogue = renewalMailCopy[lang];
  const copy = catalogue[ctx.kind];
  const paragraphs = copy.paragraphs.map((text) => fill(text, ctx.values));
  return composeMail(
    {
      kind: `renewal_${ctx.kind}`,
      to: ctx.recipient.email,
      subject: fill(copy.subject, ctx.values),
    },
    <MailLayout lang={lang} brand={ctx.brand} preview={paragraphs[0] ?? ''}>
      <Paragraph>{fill(catalogue.greeting, { name: oneLine(ctx.recipient.firstName) })}</Paragraph>
      {paragraphs.map((text) => (
        <Paragraph key={text}>{text}</Paragraph>
      ))}
      <MailButton href={ctx.link}>{copy.button}</MailButton>
      {ctx.methodLink && (
        <Paragraph>
          <InlineLink href={ctx.methodLink}>{catalogue.methodLink}</InlineLink>
        </Paragraph>
      )}
      <Signature>{catalogue.signature}</Signature>
    </MailLayout>,
  );
}
