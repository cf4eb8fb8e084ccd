import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../orders/repository';
import { brand, newLicence, orderContext } from '../../../test/mail-fixtures';
import { confirmationMail, paymentLinkMail, transferInstructionsMail } from './emails';
import { countOf, emailCopy } from './email-copy';

/** A Swiss order (8.1 % VAT) whose billing address names someone else than the account. */
const swiss = {
  taxRateBasisPoints: 810,
  taxCents: 3969,
  totalCents: 52_969,
  billingAddress: {
    first_name: 'Mallory',
    last_name: 'Martin',
    company: '',
    email: 'someone-else@exemple.fr',
    phone: '',
    address_line_1: '1 rue A',
    address_line_2: '',
    city: 'Genève',
    postal_code: '1201',
    country: 'CH',
    vat_number: '',
  },
};
const order = (locale: 'fr' | 'en', overrides: Partial<OrderRow> = {}) => ({ locale, overrides });
const ctx = (o: ReturnType<typeof order>, firstName = 'Camille') =>
  orderContext(o.locale, firstName, { ...swiss, ...o.overrides });

const licence = { ...newLicence, domainLimit: 4 };

describe('order e-mails', () => {
  it('confirms in French with the keys, the summary with the country’s VAT and next steps', async () => {
    const mail = await confirmationMail(ctx(order('fr')), [licence]);
    expect(mail.subject).toBe('Commande CAD-2026-7KQ4M2XD confirmée : vos licences Cadran CMS');
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toContain(
      'CDR-ABCDE-FGHJK-LMNPQ-RSTUV · Pro · 4 domaines, 3 installations · valable jusqu’au 12 mars 2027',
    );
    expect(mail.text).toContain('Pro (Annuel) × 1\u00a0: 490,00');
    expect(mail.text).toMatch(/TVA \(8,1\s?%\)\u00a0: 39,69/);
    expect(mail.text).toContain(`${brand.publicUrl}/client`);
  });

  it('confirms in English for an English order', async () => {
    const mail = await confirmationMail(ctx(order('en')), [{ ...licence, expiresAt: null }]);
    expect(mail.subject).toBe('Order CAD-2026-7KQ4M2XD confirmed: your Cadran CMS licences');
    expect(mail.text).toContain('no expiry date');
    expect(mail.text).toContain('Total incl. VAT: €529.69');
  });

  it('shows the promo discount and the legal mention the order was priced with', async () => {
    const priced = order('en', {
      subtotalCents: 49_000,
      discountCents: 4_900,
      taxableCents: 44_100,
      taxRateBasisPoints: 0,
      taxCents: 0,
      totalCents: 44_100,
      promoCode: 'PRINTEMPS-26',
      taxMentionKey: 'tax.mention.export',
    });
    const mail = await confirmationMail(ctx(priced), [licence]);
    expect(mail.text).toContain('Discount (code PRINTEMPS-26): -€49.00');
    expect(mail.text).toContain(
      'VAT not applicable — article 259-1 of the French General Tax Code',
    );
    expect(mail.text).toContain('Total incl. VAT: €441.00');
    // Without a discount, no discount line.
    expect((await confirmationMail(ctx(order('en')), [licence])).text).not.toContain('Discount');
  });

  it('names the attached invoice when there is one', async () => {
    expect((await confirmationMail(ctx(order('fr')), [licence], 'FA-2026-00007')).text).toContain(
      'Votre facture FA-2026-00007 est jointe à cet e-mail (PDF).',
    );
    expect((await confirmationMail(ctx(order('en')), [licence], 'FA-2026-00007')).html).toContain(
      'Your invoice FA-2026-00007 is attached to this email (PDF).',
    );
    expect((await confirmationMail(ctx(order('fr')), [licence])).text).not.toContain('facture');
  });

  it('writes to the account, never to the billing address typed at checkout', async () => {
    for (const mail of await Promise.all([
      confirmationMail(ctx(order('fr')), [licence]),
      transferInstructionsMail(ctx(order('fr')), {
        holder: 'Cadran SAS',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        bic: 'AGRIFRPP',
        reference: 'CAD-2026-7KQ4M2XD',
      }),
    ])) {
      expect(mail.to).toBe('camille@exemple.fr');
      expect(mail.text).toContain('Bonjour Camille,');
      expect(mail.text).not.toContain('Mallory');
    }
  });

  it('sends the payment link staff prepared, in the order’s language, to the account', async () => {
    const url = 'https://checkout.stripe.com/c/pay/cs_test_1';
    const fr = await paymentLinkMail(ctx(order('fr')), url);
    expect(fr.to).toBe('camille@exemple.fr');
    expect(fr.subject).toMatch(/^Commande \S+ : votre lien de paiement$/);
    expect(fr.text).toContain('529,69');
    expect(fr.text).toContain(url);
    expect(fr.html).toContain(`href="${url}"`);
    const en = await paymentLinkMail(ctx(order('en')), url);
    expect(en.subject).toMatch(/^Order \S+: your payment link$/);
    expect(en.text).toContain('Pay for the order');
    expect(en.text).not.toContain('Mallory');
  });

  it('escapes what the customer typed in the HTML body and keeps it on one line', async () => {
    const mail = await transferInstructionsMail(
      ctx(order('fr'), '<img src=x onerror=alert(1)>\nIBAN : FR00'),
      {
        holder: 'Cadran SAS',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        bic: 'AGRIFRPP',
        reference: 'CAD-2026-7KQ4M2XD',
      },
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('Bonjour <img src=x onerror=alert(1)> IBAN : FR00,');
    expect(mail.text).toContain('Référence à indiquer : CAD-2026-7KQ4M2XD');
  });
});

describe('counts in the order e-mails', () => {
  it('writes plurals as plurals in both languages', () => {
    expect(countOf(emailCopy.fr.counts.domain, 1, 'fr')).toBe('1 domaine');
    expect(countOf(emailCopy.fr.counts.domain, 3, 'fr')).toBe('3 domaines');
    expect(countOf(emailCopy.en.counts.installation, 1, 'en')).toBe('1 installation');
    expect(countOf(emailCopy.en.counts.domain, 0, 'en')).toBe('0 domains');
  });
});
