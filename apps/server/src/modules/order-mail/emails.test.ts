import { describe, expect, it } from 'vitest';
import type { OrderItemRow, OrderRow } from '../orders/repository';
import { confirmationMail, transferInstructionsMail } from './emails';

const order = (locale: 'fr' | 'en') =>
  ({
    id: 'order-1',
    orderNumber: 'CAD-2026-7KQ4M2XD',
    userId: 'user-1',
    status: 'completed',
    paymentStatus: 'paid',
    paymentMethod: 'stripe',
    currency: 'EUR',
    subtotalCents: 49_000,
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
    locale,
  }) as unknown as OrderRow;

const items = [
  {
    id: 'item-1',
    templateId: 7,
    quantity: 1,
    totalPriceCents: 49_000,
    templateSnapshot: {
      id: 7,
      name: 'Pro',
      name_en: 'Pro',
      description: '',
      description_en: '',
      billing_cycle: 'annually',
      domain_limit: 3,
      installation_limit: 3,
      update_permissions: true,
      price_cents: 49_000,
      setup_fee_cents: 0,
    },
    customizations: {
      primary_domain: 'atelier-martin.ch',
      additional_domains_list: [],
      extra_domains: 1,
      extra_installations: 0,
    },
  },
] as unknown as OrderItemRow[];

const ctx = (o: OrderRow, firstName = 'Camille') => ({
  order: o,
  recipient: { email: 'camille@exemple.fr', firstName },
  items,
  publicUrl: 'https://cadran.fr',
  supportEmail: 'support@cadran.fr',
});

const licence = {
  orderId: 'order-1',
  orderItemId: 'item-1',
  userId: 'user-1',
  licenseKey: 'CDR-ABCDE-FGHJK-LMNPQ-RSTUV',
  templateId: 7,
  domains: ['atelier-martin.ch'],
  domainLimit: 4,
  installationLimit: 3,
  updatePermissions: true,
  startsAt: new Date('2026-03-12T09:00:00Z'),
  expiresAt: new Date('2027-03-12T09:00:00Z'),
};

describe('order e-mails', () => {
  it('confirms in French with the keys, the summary with the country’s VAT and next steps', () => {
    const mail = confirmationMail(ctx(order('fr')), [licence]);
    expect(mail.subject).toBe('Commande CAD-2026-7KQ4M2XD confirmée : vos licences Cadran CMS');
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toContain(
      'CDR-ABCDE-FGHJK-LMNPQ-RSTUV · Pro · 4 domaine(s), 3 installation(s) · valable jusqu’au 12 mars 2027',
    );
    expect(mail.text).toContain('Pro (Annuel) × 1 : 490,00');
    expect(mail.text).toMatch(/TVA \(8,1\s?%\) : 39,69/);
    expect(mail.text).toContain('https://cadran.fr/client');
  });

  it('confirms in English for an English order', () => {
    const mail = confirmationMail(ctx(order('en')), [{ ...licence, expiresAt: null }]);
    expect(mail.subject).toBe('Order CAD-2026-7KQ4M2XD confirmed: your Cadran CMS licences');
    expect(mail.text).toContain('no expiry date');
    expect(mail.text).toContain('Total incl. VAT: €529.69');
  });

  it('shows the promo discount and the legal mention the order was priced with', () => {
    const priced = {
      ...order('en'),
      subtotalCents: 49_000,
      discountCents: 4_900,
      taxableCents: 44_100,
      taxRateBasisPoints: 0,
      taxCents: 0,
      totalCents: 44_100,
      promoCode: 'PRINTEMPS-26',
      taxMentionKey: 'tax.mention.export',
    } as OrderRow;
    const mail = confirmationMail(ctx(priced), [licence]);
    expect(mail.text).toContain('Discount (code PRINTEMPS-26): -€49.00');
    expect(mail.text).toContain(
      'VAT not applicable — article 259-1 of the French General Tax Code',
    );
    expect(mail.text).toContain('Total incl. VAT: €441.00');
    // Without a discount, no discount line.
    expect(confirmationMail(ctx(order('en')), [licence]).text).not.toContain('Discount');
  });

  it('names the attached invoice when there is one', () => {
    expect(confirmationMail(ctx(order('fr')), [licence], 'FA-2026-00007').text).toContain(
      'Votre facture FA-2026-00007 est jointe à cet e-mail (PDF).',
    );
    expect(confirmationMail(ctx(order('en')), [licence], 'FA-2026-00007').html).toContain(
      'Your invoice FA-2026-00007 is attached to this e-mail (PDF).',
    );
    expect(confirmationMail(ctx(order('fr')), [licence]).text).not.toContain('facture');
  });

  it('writes to the account, never to the billing address typed at checkout', () => {
    for (const mail of [
      confirmationMail(ctx(order('fr')), [licence]),
      transferInstructionsMail(ctx(order('fr')), {
        holder: 'Cadran SAS',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        bic: 'AGRIFRPP',
        reference: 'CAD-2026-7KQ4M2XD',
      }),
    ]) {
      expect(mail.to).toBe('camille@exemple.fr');
      expect(mail.text).toContain('Bonjour Camille,');
      expect(mail.text).not.toContain('Mallory');
    }
  });

  it('escapes what the customer typed in the HTML body and keeps it on one line', () => {
    const mail = transferInstructionsMail(
      ctx(order('fr'), '<img src=x onerror=alert(1)>\nIBAN : FR00'),
      {
        holder: 'Cadran SAS',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        bic: 'AGRIFRPP',
        reference: 'CAD-2026-7KQ4M2XD',
      },
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('Bonjour <img src=x onerror=alert(1)> IBAN : FR00,');
    expect(mail.text).toContain('Référence à indiquer : CAD-2026-7KQ4M2XD');
  });
});
