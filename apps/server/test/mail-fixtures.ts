import type { Language } from '@cadran/domain/constants';
import { DEMO_SELLER } from '../src/config';
import type { MailBrand } from '../src/mail/templates';
import type { AccountMailRecipient } from '../src/modules/account/emails';
import type { NewLicense } from '../src/modules/licenses/plan';
import type { OrderMailContext } from '../src/modules/order-mail/emails';
import type { RefundMailContext } from '../src/modules/order-mail/refund-email';
import type { OrderItemRow, OrderRow } from '../src/modules/orders/repository';

/** An order, its line and its licence as the order e-mails receive them. */

export const brand: MailBrand = {
  publicUrl: 'https://shop.cadran.test',
  supportEmail: 'aide@cadran.test',
  seller: DEMO_SELLER,
};

export const ORDER_NUMBER = 'CAD-2026-7KQ4M2XD';
export const LICENCE_KEY = 'CDR-ABCDE-FGHJK-LMNPQ-RSTUV';

export const orderRow = (locale: Language, overrides: Partial<OrderRow> = {}): OrderRow =>
  ({
    id: 'order-1',
    orderNumber: ORDER_NUMBER,
    userId: 'user-1',
    status: 'completed',
    paymentStatus: 'paid',
    paymentMethod: 'stripe',
    currency: 'EUR',
    subtotalCents: 49_000,
    discountCents: 0,
    promoCode: null,
    taxRateBasisPoints: 2000,
    taxCents: 9_800,
    totalCents: 58_800,
    taxMentionKey: null,
    locale,
    ...overrides,
  }) as unknown as OrderRow;

export const orderItems = [
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
      primary_domain: 'atelier-martin.fr',
      additional_domains_list: [],
      extra_domains: 0,
      extra_installations: 0,
    },
  },
] as unknown as OrderItemRow[];

export const newLicence: NewLicense = {
  orderId: 'order-1',
  orderItemId: 'item-1',
  userId: 'user-1',
  licenseKey: LICENCE_KEY,
  templateId: 7,
  domains: ['atelier-martin.fr'],
  domainLimit: 3,
  installationLimit: 3,
  updatePermissions: true,
  startsAt: new Date('2026-03-12T09:00:00Z'),
  expiresAt: new Date('2027-03-12T09:00:00Z'),
};

export const orderContext = (
  locale: Language,
  firstName = 'Camille',
  order: Partial<OrderRow> = {},
): OrderMailContext => ({
  order: orderRow(locale, order),
  items: orderItems,
  recipient: { email: 'camille@exemple.fr', firstName },
  brand,
});

export const bankDetails = {
  holder: 'Cadran SAS',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'AGRIFRPP',
  reference: ORDER_NUMBER,
};

export const CREDIT_NOTE_NUMBER = 'AV-2026-00003';

/** A full refund of the order by card, its invoice cancelled and its licence revoked. */
export const refundContext = (locale: Language, firstName = 'Camille'): RefundMailContext => ({
  order: { orderNumber: ORDER_NUMBER, locale, paymentMethod: 'stripe' },
  recipient: { email: 'camille@exemple.fr', firstName },
  amountCents: 58_800,
  creditNoteNumber: CREDIT_NOTE_NUMBER,
  licencesRevoked: 1,
  renewalWithdrawn: null,
  brand,
});

/** The owner of an account, as the account e-mails receive them. */
export const accountRecipient = (
  language: Language,
  firstName = 'Camille',
): AccountMailRecipient => ({
  email: 'camille@exemple.fr',
  firstName,
  language,
});
