import type { Language } from '@cadran/domain/constants';
import type { ReminderStage } from '@cadran/domain/licenses';
import { describe, expect, it } from 'vitest';
import type { MailInput } from '../src/mail/queue';
import {
  accountDeletedMail,
  emailChangeMail,
  emailChangedMail,
  emailTakenMail,
  passwordChangedMail,
  passwordResetMail,
  signupConfirmationMail,
} from '../src/modules/account/emails';
import type { StoredContactMessage } from '../src/modules/contact/repository';
import { contactAcknowledgement } from '../src/modules/contact/acknowledgement';
import { supportNotification } from '../src/modules/contact/notification';
import { confirmationMail as newsletterMail } from '../src/modules/newsletter/emails';
import {
  confirmationMail,
  renewalConfirmationMail,
  transferInstructionsMail,
} from '../src/modules/order-mail/emails';
import { refundMail } from '../src/modules/order-mail/refund-email';
import { licenseReminderMail } from '../src/modules/order-mail/reminder-email';
import {
  CREDIT_NOTE_NUMBER,
  LICENCE_KEY,
  ORDER_NUMBER,
  accountRecipient,
  bankDetails,
  brand,
  newLicence,
  orderContext,
  refundContext,
} from './mail-fixtures';

/**
 * Every e-mail the store sends, drawn in both languages with the one layout: the HTML carries
 * the facts, the button's link, the footer; the plain-text part says the same with the same
 * links; nothing unfilled; what a customer typed is escaped.
 */

const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
/** Client area links open in the language of the order or account they are about. */
const clientUrl = (lang: Language) => `${brand.publicUrl}/client?lang=${lang}`;
const orderUrl = (lang: Language) =>
  `${brand.publicUrl}/client/orders/${ORDER_NUMBER}?lang=${lang}`;
const CONFIRM_URL = `${brand.publicUrl}/newsletter/confirm?token=abc.def&lang=fr`;
const LANGUAGES: Language[] = ['fr', 'en'];
const TOKEN = 'q8Vw1c3kZr0pXb5tYh2nLm7sJd4gFa9eUo6iKy_-RTE';
const resetUrl = (lang: Language) =>
  `${brand.publicUrl}/client/reset-password?token=${TOKEN}&lang=${lang}`;
const confirmEmailUrl = (lang: Language) =>
  `${brand.publicUrl}/client/confirm-email?token=${TOKEN}&lang=${lang}`;
const SUPPORT_MAILTO = `mailto:${brand.supportEmail}`;
const DELETED_AT = new Date('2026-11-24T10:15:00Z');
/** A notice's call to write to support at once, with the address as a link. */
const ALARM = { fr: 'écrivez-nous sans attendre', en: 'write to us at once' };

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;');
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const reminder = (language: Language, stage: ReminderStage, firstName = 'Sam', name = 'Pro') =>
  licenseReminderMail({
    recipient: { email: 'sam@exemple.fr', firstName, language },
    licence: {
      key: LICENCE_KEY,
      templateName: name,
      expiresAt: new Date('2027-03-12T09:00:00Z'),
      domains: ['atelier-martin.fr'],
      activeInstances: 2,
      installationLimit: 3,
    },
    stage,
    brand,
  });

const contactRow = (fields: Partial<StoredContactMessage> = {}): StoredContactMessage =>
  ({
    id: '5b1c7c0e-2f0a-4c55-9d1e-6f8a1b2c3d4e',
    name: 'Claire Martin',
    email: 'claire.martin@atelier-lumen.fr',
    company: 'Atelier Lumen',
    subject: 'demo',
    message: 'Bonjour,\nune démonstration pour nos 12 sites ?',
    locale: 'en',
    createdAt: new Date('2026-11-24T10:15:00Z'),
    ...fields,
  }) as StoredContactMessage;

interface Case {
  name: string;
  lang: Language;
  mail: () => Promise<MailInput>;
  facts: string[];
  /** The button's link, then any other link the text must show. */
  links: string[];
  /** A notice with nothing to do: no button, its first link is one of its sentences. */
  notice?: true;
}

const cases: Case[] = LANGUAGES.flatMap((lang): Case[] => [
  {
    name: 'order confirmation',
    lang,
    mail: () => confirmationMail(orderContext(lang), [newLicence], 'FA-2026-00007'),
    facts: [ORDER_NUMBER, LICENCE_KEY, 'FA-2026-00007', 'atelier-martin.fr', 'Camille'],
    links: [clientUrl(lang), brand.supportEmail],
  },
  {
    name: 'renewal confirmation',
    lang,
    mail: () => renewalConfirmationMail(orderContext(lang), newLicence, 'FA-2026-00008'),
    facts: [
      ORDER_NUMBER,
      LICENCE_KEY,
      'FA-2026-00008',
      lang === 'fr' ? '12 mars 2027' : '12 March 2027',
    ],
    links: [clientUrl(lang), brand.supportEmail],
  },
  {
    name: 'bank-transfer instructions',
    lang,
    mail: () =>
      transferInstructionsMail(
        orderContext(lang, 'Camille', { paymentMethod: 'bank_transfer' }),
        bankDetails,
      ),
    facts: [
      bankDetails.iban,
      bankDetails.bic,
      bankDetails.holder,
      lang === 'fr' ? '588,00' : '€588.00',
    ],
    links: [orderUrl(lang)],
  },
  ...([30, 7, 1] as const).map((stage) => ({
    name: `licence reminder ${stage} days`,
    lang,
    mail: () => reminder(lang, stage),
    facts: [
      LICENCE_KEY,
      lang === 'fr' ? '12 mars 2027' : '12 March 2027',
      '2',
      'atelier-martin.fr',
    ],
    links: [clientUrl(lang), brand.supportEmail],
  })),
  {
    name: 'newsletter confirmation',
    lang,
    mail: () => newsletterMail('lea@exemple.fr', lang, CONFIRM_URL, brand),
    facts: [lang === 'fr' ? '7 jours' : '7 days'],
    links: [CONFIRM_URL],
  },
  {
    name: 'contact notification',
    lang,
    mail: () => supportNotification(contactRow({ locale: lang }), brand),
    facts: ['Claire Martin', 'Atelier Lumen', '5b1c7c0e-2f0a-4c55-9d1e-6f8a1b2c3d4e'],
    links: ['mailto:claire.martin@atelier-lumen.fr'],
  },
  {
    name: 'refund',
    lang,
    mail: () => refundMail(refundContext(lang)),
    facts: [ORDER_NUMBER, CREDIT_NOTE_NUMBER, lang === 'fr' ? '588,00' : '€588.00', 'Camille'],
    links: [orderUrl(lang), brand.supportEmail],
  },
  {
    name: 'password reset',
    lang,
    mail: () => passwordResetMail(accountRecipient(lang), brand, TOKEN),
    facts: ['Camille', lang === 'fr' ? 'valable 1 heure' : 'valid for 1 hour'],
    links: [resetUrl(lang)],
  },
  {
    name: 'sign-up confirmation',
    lang,
    mail: () => signupConfirmationMail(accountRecipient(lang), brand, TOKEN),
    facts: ['Camille', lang === 'fr' ? 'valable 24 heures' : 'valid for 24 hours'],
    links: [confirmEmailUrl(lang)],
  },
  {
    name: 'e-mail change confirmation',
    lang,
    mail: () => emailChangeMail(accountRecipient(lang), brand, TOKEN),
    facts: ['Camille', lang === 'fr' ? 'valable 1 heure' : 'valid for 1 hour'],
    links: [confirmEmailUrl(lang)],
  },
  {
    name: 'address taken notice',
    lang,
    mail: () => emailTakenMail(accountRecipient(lang), brand),
    facts: ['Camille', lang === 'fr' ? 'Rien n’a été changé' : 'Nothing was changed'],
    links: [`${brand.publicUrl}/client/forgot-password?lang=${lang}`],
  },
  {
    name: 'e-mail changed notice',
    lang,
    mail: () => emailChangedMail(accountRecipient(lang), brand, 'nouvelle@exemple.fr'),
    facts: ['Camille', 'n•••@exemple.fr', ALARM[lang]],
    links: [SUPPORT_MAILTO],
    notice: true,
  },
  {
    name: 'password changed by hand',
    lang,
    mail: () => passwordChangedMail(accountRecipient(lang), brand, DELETED_AT, 'changed'),
    facts: [
      'Camille',
      lang === 'fr'
        ? '24 novembre 2026, depuis votre espace client'
        : '24 November 2026, from your client area',
      ALARM[lang],
    ],
    links: [SUPPORT_MAILTO],
    notice: true,
  },
  {
    name: 'password changed by reset link',
    lang,
    mail: () => passwordChangedMail(accountRecipient(lang), brand, DELETED_AT, 'reset'),
    facts: [
      lang === 'fr' ? 'par le lien de réinitialisation' : 'through the reset link',
      ALARM[lang],
    ],
    links: [SUPPORT_MAILTO],
    notice: true,
  },
  {
    name: 'contact acknowledgement',
    lang,
    mail: () => contactAcknowledgement(contactRow({ locale: lang }), brand),
    facts: [
      lang === 'fr' ? 'Sujet : Demande de démonstration' : 'Subject: Demo request',
      lang === 'fr' ? 'sous 24 h ouvrées' : 'within 24 working hours',
    ],
    links: [SUPPORT_MAILTO],
    notice: true,
  },
  {
    name: 'account deleted',
    lang,
    mail: () => accountDeletedMail(accountRecipient(lang), brand, DELETED_AT),
    facts: [
      'Camille',
      lang === 'fr' ? '24 novembre 2026' : '24 November 2026',
      'L123-22',
      ALARM[lang],
    ],
    links: [SUPPORT_MAILTO],
    notice: true,
  },
]);

describe('the e-mails drawn with the store’s layout', () => {
  it.each(cases)('$name ($lang): facts, button and footer in both parts', async (c) => {
    const mail = await c.mail();
    const html = mail.html ?? '';
    const [first] = c.links;
    // The staff notification is always French; every customer mail follows its language.
    const lang = c.name === 'contact notification' ? 'fr' : c.lang;
    expect(html).toContain(`lang="${lang}"`);
    const anchor = `<a href="${escapeRegExp(escapeAttribute(first!))}"[^>]*`;
    expect(html).toMatch(new RegExp(c.notice ? anchor : `${anchor}data-mail-button="true"`));
    if (c.notice) expect(html).not.toContain('data-mail-button');
    for (const fact of c.facts) {
      expect(html).toContain(fact);
      expect(mail.text).toContain(fact);
    }
    for (const link of c.links) expect(mail.text).toContain(link.replace(/^mailto:/, ''));
    // The footer: the logo from the site, the seller and the support address.
    expect(html).toContain(`src="${brand.publicUrl}/icon-192.png"`);
    for (const part of [html, mail.text]) {
      expect(part).toContain(brand.seller.name);
      expect(part).toContain(brand.supportEmail);
      expect(part).not.toMatch(/undefined|\[object Object\]|NaN|\{\w+\}/);
    }
    expect(mail.subject).not.toMatch(/undefined|\{\w+\}/);
  });

  it('writes the French and the English mail in their own words', async () => {
    const fr = await reminder('fr', 7);
    const en = await reminder('en', 7);
    expect(fr.text).toContain('dans 7 jours');
    expect(fr.text).toContain('Renouveler ma licence');
    expect(en.text).toContain('in 7 days');
    expect(en.text).toContain('Renew my licence');
    expect(en.html).toContain('with a share capital of');
  });

  it('escapes what a customer typed in every mail that shows it', async () => {
    const mails = await Promise.all([
      confirmationMail(orderContext('fr', HOSTILE), [newLicence]),
      renewalConfirmationMail(orderContext('en', HOSTILE), newLicence, 'FA-2026-00008'),
      transferInstructionsMail(orderContext('fr', HOSTILE), bankDetails),
      reminder('en', 1, HOSTILE, HOSTILE),
      refundMail(refundContext('fr', HOSTILE)),
      passwordResetMail(accountRecipient('fr', HOSTILE), brand, TOKEN),
      signupConfirmationMail(accountRecipient('en', HOSTILE), brand, TOKEN),
      emailChangeMail(accountRecipient('fr', HOSTILE), brand, TOKEN),
      emailTakenMail(accountRecipient('en', HOSTILE), brand),
      emailChangedMail(accountRecipient('fr', HOSTILE), brand, 'nouvelle@exemple.fr'),
      accountDeletedMail(accountRecipient('en', HOSTILE), brand, DELETED_AT),
      passwordChangedMail(accountRecipient('fr', HOSTILE), brand, DELETED_AT, 'reset'),
      supportNotification(
        contactRow({ name: HOSTILE, company: HOSTILE, message: `${HOSTILE}\n${HOSTILE}` }),
        brand,
      ),
    ]);
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script');
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      // The plain text shows the words as typed: no markup is ever interpreted there.
      expect(mail.text).toContain('<script>alert(1)</script>');
    }
  });

  it('keeps a name typed over several lines on one line', async () => {
    const mail = await confirmationMail(orderContext('fr', 'Camille\nIBAN : FR00'), [newLicence]);
    expect(mail.text).toContain('Bonjour Camille IBAN : FR00,');
  });
});
