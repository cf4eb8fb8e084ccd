import type { Language } from '@cadran/domain/constants';
import { clientAreaPath } from '@cadran/domain/localized-path';
import type { ReactNode } from 'react';
import type { MailInput } from '../../mail/queue';
import {
  MailButton,
  MailLayout,
  MailtoLink,
  Paragraph,
  Signature,
  composeMail,
  fill,
  filled,
  formatDate,
  oneLine,
  type MailBrand,
} from '../../mail/templates';
import { accountEmailCopy, type AccountEmailWord } from './email-copy';

/**
 * The account e-mails (docs/product.md 'E-mails'): password reset, sign-up confirmation,
 * e-mail change confirmation (or, when the address is taken, a notice that nothing changed),
 * the notice to the former address, the notice of a new password, and the deletion receipt. Each is drawn with the store's
 * layout (docs/decisions/026-email-templates.md), in the account's language.
 */

export interface AccountMailRecipient {
  email: string;
  firstName: string;
  language: Language;
}

/** The pages of the client area that take the links' tokens. */
export const resetPasswordUrl = (publicUrl: string, token: string, language: Language): string =>
  `${publicUrl}${clientAreaPath(`/reset-password?token=${encodeURIComponent(token)}`, language)}`;
export const confirmEmailUrl = (publicUrl: string, token: string, language: Language): string =>
  `${publicUrl}${clientAreaPath(`/confirm-email?token=${encodeURIComponent(token)}`, language)}`;
const forgotPasswordUrl = (publicUrl: string, language: Language): string =>
  `${publicUrl}${clientAreaPath('/forgot-password', language)}`;

/** "camille@exemple.fr" -> "c•••@exemple.fr": enough to recognise, not to copy. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email.slice(0, 1)}•••${email.slice(at)}`;
};

type Word = (key: AccountEmailWord) => string;

interface AccountMessage {
  kind: string;
  subject: AccountEmailWord;
  /** The first sentence after the greeting, also the line inboxes show. */
  intro: string;
  body: ReactNode;
}

/** Greeting, intro, the message's own blocks and the signature, in the layout. */
function accountMail(
  to: AccountMailRecipient,
  brand: MailBrand,
  write: (word: Word) => AccountMessage,
): Promise<MailInput> {
  const words = accountEmailCopy[to.language];
  const word: Word = (key) => words[key];
  const message = write(word);
  return composeMail(
    { kind: message.kind, to: to.email, subject: word(message.subject) },
    <MailLayout lang={to.language} brand={brand} preview={message.intro}>
      <Paragraph>{fill(word('greeting'), { name: oneLine(to.firstName) })}</Paragraph>
      <Paragraph>{message.intro}</Paragraph>
      {message.body}
      <Signature>{word('signature')}</Signature>
    </MailLayout>,
  );
}

/** What to do, the button that does it, then the link's lifetime and what to do if unasked. */
function LinkBlocks(props: { action: string; href: string; button: string; notes: string[] }) {
  return (
    <>
      <Paragraph>{props.action}</Paragraph>
      <MailButton href={props.href}>{props.button}</MailButton>
      {props.notes.map((note) => (
        <Paragraph key={note} muted>
          {note}
        </Paragraph>
      ))}
    </>
  );
}

/** "If you did not make this change, write to us", with the support address as a link. */
const Alarm = ({ word, brand }: { word: Word; brand: MailBrand }) => (
  <Paragraph>
    {filled(word('alarm'), { support: <MailtoLink address={brand.supportEmail} /> })}
  </Paragraph>
);

/**
 * A mail whose button opens the client-area page that takes a token (reset, sign-up or
 * e-mail change): what to do, the button, the link's lifetime and, unless the owner just
 * signed up, what to do if they did not ask.
 */
const tokenLinkMail =
  (
    kind: string,
    part: 'reset' | 'signup' | 'change',
    page: (publicUrl: string, token: string, language: Language) => string,
    withIgnore: boolean,
  ) =>
  (to: AccountMailRecipient, brand: MailBrand, token: string): Promise<MailInput> =>
    accountMail(to, brand, (word) => ({
      kind,
      subject: `${part}.subject`,
      intro: word(`${part}.intro`),
      body: (
        <LinkBlocks
          action={word(`${part}.action`)}
          href={page(brand.publicUrl, token, to.language)}
          button={word(`${part}.button`)}
          notes={[word(`${part}.expiry`), ...(withIgnore ? [word('ignore')] : [])]}
        />
      ),
    }));

/** The link that lets the owner choose a new password (valid 1 hour, single use). */
export const passwordResetMail = tokenLinkMail(
  'account_password_reset',
  'reset',
  resetPasswordUrl,
  true,
);

/** The link that confirms a new account's address (valid 24 hours). */
export const signupConfirmationMail = tokenLinkMail(
  'account_email_confirm',
  'signup',
  confirmEmailUrl,
  false,
);

/** To the NEW address: the link that completes an e-mail change (valid 1 hour). */
export const emailChangeMail = tokenLinkMail(
  'account_email_change',
  'change',
  confirmEmailUrl,
  true,
);

/**
 * To a new address that already has an account: nothing changed. The requester is answered
 * as if the link had gone, so only the mailbox's owner learns the address is taken.
 */
export const emailTakenMail = (to: AccountMailRecipient, brand: MailBrand) =>
  accountMail(to, brand, (word) => ({
    kind: 'account_email_taken',
    subject: 'taken.subject',
    intro: word('taken.intro'),
    body: (
      <LinkBlocks
        action={word('taken.action')}
        href={forgotPasswordUrl(brand.publicUrl, to.language)}
        button={word('reset.button')}
        notes={[word('ignore')]}
      />
    ),
  }));

/** To the FORMER address once a change is confirmed. */
export const emailChangedMail = (to: AccountMailRecipient, brand: MailBrand, newEmail: string) =>
  accountMail(to, brand, (word) => ({
    kind: 'account_email_changed',
    subject: 'changed.subject',
    intro: fill(word('changed.intro'), { masked: maskEmail(newEmail) }),
    body: <Alarm word={word} brand={brand} />,
  }));

/**
 * The password changed, by hand from the client area or through a reset link: the owner learns
 * it at once, and whoever did not make the change has the support address to write to.
 */
export const passwordChangedMail = (
  to: AccountMailRecipient,
  brand: MailBrand,
  at: Date,
  how: 'changed' | 'reset',
) =>
  accountMail(to, brand, (word) => ({
    kind: 'account_password_changed',
    subject: 'password.subject',
    intro: fill(word(`password.${how}`), { date: formatDate(at, to.language) }),
    body: <Alarm word={word} brand={brand} />,
  }));

/** The receipt of a deletion, to the address as it was before being erased. */
export const accountDeletedMail = (to: AccountMailRecipient, brand: MailBrand, at: Date) =>
  accountMail(to, brand, (word) => ({
    kind: 'account_deleted',
    subject: 'deleted.subject',
    intro: fill(word('deleted.intro'), { date: formatDate(at, to.language) }),
    body: (
      <>
        <Paragraph>{word('deleted.kept')}</Paragraph>
        <Alarm word={word} brand={brand} />
      </>
    ),
  }));
