import { describe, expect, it } from 'vitest';
import { brand } from '../../../test/mail-fixtures';
import { inProgressMail, shippedMail, type Voter } from './voter-emails';

/**
 * The voters' two e-mails as written (docs/product.md 'Releases' ('Voters hear about it')):
 * in the voter's language, what shipped or started, what their licence makes of the release,
 * the links back, and the unsubscribe address both in the text and as the one-click header.
 */

const UNSUBSCRIBE = `${brand.publicUrl}/api/v1/website/release-mail/unsubscribe?token=u.s`;
const voter = (language: 'fr' | 'en'): Voter => ({
  email: 'camille@exemple.fr',
  firstName: 'Camille',
  language,
});
const shipped = (language: 'fr' | 'en', access: Parameters<typeof shippedMail>[0]['access']) =>
  shippedMail({
    voter: voter(language),
    item: 'Import depuis WordPress',
    version: '2.5.0',
    access,
    changelogUrl: `${brand.publicUrl}${language === 'en' ? '/en' : ''}/changelog#v2.5.0`,
    unsubscribeUrl: UNSUBSCRIBE,
    brand,
  });

describe('the e-mail of a shipped item', () => {
  it('tells a French voter whose licence includes the release where to download it', async () => {
    const mail = await shipped('fr', { kind: 'included', key: 'CDR-AAAAA' });
    expect(mail.kind).toBe('release_shipped');
    expect(mail.subject).toBe('Livré dans Cadran CMS 2.5.0 : Import depuis WordPress');
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toContain('Votre licence CDR-AAAAA inclut cette version');
    expect(mail.text).toContain(
      `Télécharger la version 2.5.0\n${brand.publicUrl}/client/downloads`,
    );
    expect(mail.text).toContain(`${brand.publicUrl}/changelog#v2.5.0`);
    expect(mail.html).toContain(`href="${brand.publicUrl}/client/downloads?lang=fr"`);
    expect(mail.listUnsubscribeUrl).toBe(UNSUBSCRIBE);
    expect(mail.text).toContain(`Se désabonner ${UNSUBSCRIBE}`);
  });

  it('tells an English voter a renewal includes it, with the renewal address', async () => {
    const renewUrl = `${brand.publicUrl}/client/licences/l-1`;
    const mail = await shipped('en', { kind: 'after_renewal', key: 'CDR-BBBBB', renewUrl });
    expect(mail.subject).toBe('Shipped in Cadran CMS 2.5.0: Import depuis WordPress');
    expect(mail.text).toContain('Hello Camille,');
    expect(mail.text).toContain('Your licence CDR-BBBBB no longer covers releases published');
    expect(mail.text).toContain(`Renew my licence\n${renewUrl}`);
    expect(mail.text).toContain(`${brand.publicUrl}/en/changelog#v2.5.0`);
    expect(mail.text).toContain(`Unsubscribe ${UNSUBSCRIBE}`);
    expect(mail.text).not.toMatch(/Bonjour|licence CDR-BBBBB inclut/);
  });

  it('points a voter without a licence to the pricing page of their language', async () => {
    const french = await shipped('fr', { kind: 'none' });
    const english = await shipped('en', { kind: 'none' });
    expect(french.text).toContain(`Voir les licences\n${brand.publicUrl}/pricing`);
    expect(english.text).toContain(`See the licences\n${brand.publicUrl}/en/pricing`);
  });

  it('keeps an item title typed over several lines on one subject line, escaped in HTML', async () => {
    const mail = await shippedMail({
      voter: voter('fr'),
      item: 'Import <b>WordPress</b>\r\nBcc: x@evil.example',
      version: '2.5.0',
      access: { kind: 'none' },
      changelogUrl: `${brand.publicUrl}/changelog#v2.5.0`,
      unsubscribeUrl: UNSUBSCRIBE,
      brand,
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<b>WordPress</b>');
    expect(mail.html).toContain('&lt;b&gt;WordPress&lt;/b&gt;');
  });
});

describe('the e-mail of an item in progress', () => {
  it.each([
    [
      'fr',
      'En cours de développement : Recherche multilingue',
      'Voir la feuille de route',
      '/roadmap',
    ],
    ['en', 'In progress: Recherche multilingue', 'See the roadmap', '/en/roadmap'],
  ] as const)(
    'is written in %s with the roadmap of that language',
    async (lang, subject, button, path) => {
      const mail = await inProgressMail({
        voter: voter(lang),
        item: 'Recherche multilingue',
        unsubscribeUrl: UNSUBSCRIBE,
        brand,
      });
      expect(mail.kind).toBe('roadmap_in_progress');
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(`${button}\n${brand.publicUrl}${path}`);
      expect(mail.listUnsubscribeUrl).toBe(UNSUBSCRIBE);
      expect(mail.text).toContain(UNSUBSCRIBE);
      expect(mail.text).toContain(`${brand.publicUrl}/client/downloads`);
    },
  );
});
