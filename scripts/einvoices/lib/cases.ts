import {
  BE_BUSINESS,
  billing,
  CH_BUSINESS,
  DE_BUSINESS,
  DE_CONSUMER,
  FR_BUSINESS,
  FR_CONSUMER,
  IT_BUSINESS,
  WAREHOUSE,
  type Billing,
} from './buyers';
import { registerBuyer, type Language, type Session } from './session';

const ADMIN = '/api/v1/admin';

/**
 * The e-invoice cases, each issued through the HTTP API as a buyer and staff would: orders
 * placed and paid on the payment sandbox's page, a transfer recorded by staff, a renewal, staff
 * refunds, a VAT number confirmed by staff after the sale. Each case names the documents it
 * issued (invoice or credit note number), read from the back office's order page.
 */

export interface IssuedDocument {
  case: string;
  language: Language;
  what: string;
  number: string;
}

export interface Shop {
  base: string;
  staff: Session;
  promoCode: string;
  /** A yearly template (renewable) and a second one. */
  yearly: number;
  other: number;
}

interface OrderPlan {
  language: Language;
  billing: Billing;
  method: 'stripe' | 'paypal' | 'bank_transfer';
  template: number;
  promo?: string;
  delivery?: boolean;
}

/** A new buyer places the order; card and PayPal are paid on the sandbox page. */
async function placePaid(
  shop: Shop,
  plan: OrderPlan,
): Promise<{ buyer: Session; orderId: string }> {
  const { session, email } = await registerBuyer(shop.base, plan.language, 'einvoice');
  const placed = await session.expect(201, 'POST', '/api/v1/website/orders', {
    items: [
      {
        template_id: plan.template,
        quantity: 2,
        customizations: { primary_domain: 'horlogerie-exemple.fr', extra_domains: 1 },
      },
    ],
    billing_address: billing(plan.billing, email),
    ...(plan.delivery ? { delivery_address: WAREHOUSE } : {}),
    payment_method: plan.method,
    ...(plan.promo ? { promo_code: plan.promo } : {}),
  });
  const orderId = String((placed.order as { id: string }).id);
  if (plan.method !== 'bank_transfer') await paySandbox(session, placed);
  return { buyer: session, orderId };
}

async function paySandbox(session: Session, placed: Record<string, unknown>): Promise<void> {
  const url = typeof placed.payment_url === 'string' ? placed.payment_url : '';
  const paymentId = /\/store\/pay\/sandbox\/([0-9a-f-]{36})$/.exec(url)?.[1];
  if (!paymentId) throw new Error(`no sandbox payment in ${JSON.stringify(placed).slice(0, 300)}`);
  await session.expect(200, 'POST', `/api/v1/website/payments/sandbox/${paymentId}`, {
    decision: 'pay',
  });
}

interface StaffDocument {
  number: string;
}

/** The order's documents as the back office lists them: the invoice, then credit notes. */
async function documentsOf(shop: Shop, orderId: string) {
  const { order } = (await shop.staff.get(`${ADMIN}/orders/${orderId}`)) as {
    order: { invoice: StaffDocument | null; credit_notes: StaffDocument[] };
  };
  if (!order.invoice) throw new Error(`order ${orderId} has no invoice`);
  return { invoice: order.invoice.number, creditNotes: order.credit_notes.map((d) => d.number) };
}

const refund = (shop: Shop, orderId: string) =>
  shop.staff.expect(200, 'POST', `${ADMIN}/orders/${orderId}/refund`, {
    reason: 'Demande du client',
  });

/** Every case, in turn; resolves with the documents each issued. */
export async function issueEveryCase(shop: Shop): Promise<IssuedDocument[]> {
  const issued: IssuedDocument[] = [];
  const record = (name: string, language: Language, what: string, number: string) =>
    issued.push({ case: name, language, what, number });
  const simple = async (name: string, what: string, plan: OrderPlan) => {
    const { orderId } = await placePaid(shop, plan);
    record(name, plan.language, what, (await documentsOf(shop, orderId)).invoice);
    return orderId;
  };
  const y = shop.yearly;

  const consumer = await placePaid(shop, {
    language: 'fr',
    billing: FR_CONSUMER,
    method: 'stripe',
    template: y,
  });
  record(
    'fr-consumer',
    'fr',
    'French consumer, card, 20 %',
    (await documentsOf(shop, consumer.orderId)).invoice,
  );
  await simple(
    'fr-business-siren-delivery',
    'French business with SIREN, delivery address that differs',
    {
      language: 'fr',
      billing: FR_BUSINESS,
      method: 'stripe',
      template: shop.other,
      delivery: true,
    },
  );
  await simple('en-eu-consumer', 'German consumer, PayPal, 19 % (OSS)', {
    language: 'en',
    billing: DE_CONSUMER,
    method: 'paypal',
    template: y,
  });
  const reverse = await simple(
    'en-reverse-charge-promo',
    'German business confirmed by VIES (AE), promo code',
    {
      language: 'en',
      billing: DE_BUSINESS,
      method: 'stripe',
      template: y,
      promo: shop.promoCode,
    },
  );
  await simple('en-outside-eu', 'Swiss business, no VAT (G), card', {
    language: 'en',
    billing: CH_BUSINESS,
    method: 'stripe',
    template: y,
  });

  // A transfer: the buyer orders, staff record the money as it reached the account.
  const transfer = await placePaid(shop, {
    language: 'fr',
    billing: FR_BUSINESS,
    method: 'bank_transfer',
    template: y,
  });
  await shop.staff.expect(200, 'POST', `${ADMIN}/orders/${transfer.orderId}/mark-paid`, {
    reference: 'VIR-2026-0042',
    note: 'Virement reçu',
  });
  record(
    'fr-transfer-settled',
    'fr',
    'bank transfer recorded by staff (58, IBAN)',
    (await documentsOf(shop, transfer.orderId)).invoice,
  );

  // The French consumer renews the licence by hand, paying on the sandbox page.
  const { licenses } = (await consumer.buyer.get('/api/v1/website/licenses')) as {
    licenses: { id: string }[];
  };
  const licence = licenses[0];
  if (!licence) throw new Error('the French consumer has no licence');
  const renewal = await consumer.buyer.expect(
    201,
    'POST',
    `/api/v1/website/licenses/${licence.id}/renew`,
    {
      payment_method: 'stripe',
    },
  );
  await paySandbox(consumer.buyer, renewal);
  const renewalId = String((renewal.order as { id: string }).id);
  record(
    'fr-renewal',
    'fr',
    'renewal: the period starts at the old expiry',
    (await documentsOf(shop, renewalId)).invoice,
  );

  // Staff refunds: a credit note of the whole invoice, in each language.
  await refund(shop, reverse);
  record(
    'en-credit-note-reverse-charge',
    'en',
    'credit note (381) of the AE invoice with the promo',
    (await documentsOf(shop, reverse)).creditNotes[0] ?? '',
  );
  const frRefund = await simple('fr-refunded-invoice', 'French business, card, refunded below', {
    language: 'fr',
    billing: FR_BUSINESS,
    method: 'stripe',
    template: y,
  });
  await refund(shop, frRefund);
  record(
    'fr-credit-note',
    'fr',
    'credit note (381) of a French business invoice',
    (await documentsOf(shop, frRefund)).creditNotes[0] ?? '',
  );

  // A number VIES could not check at the sale (VAT charged), confirmed by staff afterwards:
  // the VAT alone goes back, then a refund credits what remains, in each language.
  for (const [language, b] of [
    ['fr', BE_BUSINESS],
    ['en', IT_BUSINESS],
  ] as const) {
    const sale = await simple(
      `${language}-vat-unconfirmed`,
      `${b.country} business, number not checked at the sale: its VAT charged`,
      {
        language,
        billing: b,
        method: 'stripe',
        template: y,
      },
    );
    await shop.staff.expect(200, 'POST', `${ADMIN}/orders/${sale}/vat-number`, {
      status: 'verified',
      note: 'Certificat d’immatriculation reçu',
    });
    const [vatNote] = (await documentsOf(shop, sale)).creditNotes;
    record(
      `${language}-vat-given-back`,
      language,
      'credit note of the VAT alone (S and AE lines cancelling out)',
      vatNote ?? '',
    );
    await refund(shop, sale);
    const rest = (await documentsOf(shop, sale)).creditNotes.find((n) => n !== vatNote);
    record(
      `${language}-remainder-credit-note`,
      language,
      'refund after the VAT went back: the sale under AE, no VAT',
      rest ?? '',
    );
  }
  return issued;
}
