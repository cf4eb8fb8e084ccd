import { cycleLabelKey, isBillingCycle } from '@cadran/domain/billing-cycles';
import type { Language } from '@cadran/domain/constants';
import { isMessageKey, translateMessage } from '@cadran/domain/messages';
import { formatMoney } from '@cadran/domain/money';
import { OrderItemCustomizationsSchema, lineDomains } from '@cadran/domain/orders';
import type { BankTransferDetails } from '@cadran/domain/payments';
import type { MailInput } from '../../mail/queue';
import type { NewLicense } from '../licenses/plan';
import { itemDisplayName, readSnapshot } from '../orders/template-snapshot';
import type { OrderItemRow, OrderRow } from '../orders/repository';
import { emailCopy, fill, type EmailCopy } from './email-copy';
import type { MailRecipient } from './recipient';

/**
 * The two e-mails of an order's payment, in the language the order was placed in:
 * the confirmation once paid (summary, licence keys, next steps) and, for a bank transfer,
 * the instructions at creation. Each has a plain-text body and an HTML body built from the
 * same lines, every value escaped.
 */

export interface OrderMailContext {
  order: OrderRow;
  /** The account that placed the order (see `recipient`). */
  recipient: MailRecipient;
  items: readonly OrderItemRow[];
  publicUrl: string;
  supportEmail: string;
}

/** An HTML block: a paragraph, a titled list, or a titled list of label/value rows. */
export type Block =
  { kind: 'p'; text: string } | { kind: 'list'; title: string; items: string[]; ordered?: boolean };

const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Customer-entered values stay on one line, so a name cannot fake another line of the mail. */
export const oneLine = (value: string): string => value.replace(/[\r\n\t]+/g, ' ').trim();

export function render(blocks: readonly Block[]): { text: string; html: string } {
  const text = blocks
    .map((block) =>
      block.kind === 'p'
        ? block.text
        : [
            block.title,
            ...block.items.map((item, i) => `${block.ordered ? `${i + 1}.` : '-'} ${item}`),
          ].join('\n'),
    )
    .join('\n\n');
  const html = blocks
    .map((block) => {
      if (block.kind === 'p') return `<p>${escapeHtml(block.text).replace(/\n/g, '<br>')}</p>`;
      const tag = block.ordered ? 'ol' : 'ul';
      const items = block.items
        .map((item) => `<li>${escapeHtml(item).replace(/\n/g, '<br>')}</li>`)
        .join('');
      return `<h2>${escapeHtml(block.title)}</h2><${tag}>${items}</${tag}>`;
    })
    .join('\n');
  return { text, html: `<!doctype html><html><body>${html}</body></html>` };
}

function itemName(item: OrderItemRow, lang: Language): { name: string; cycle: string } {
  const cycle = readSnapshot(item.templateSnapshot)?.billing_cycle ?? '';
  return {
    name: itemDisplayName(item, lang),
    cycle: isBillingCycle(cycle) ? translateMessage(cycleLabelKey(cycle), lang) : cycle,
  };
}

function summary(ctx: OrderMailContext, c: EmailCopy, lang: Language): Block {
  const { order } = ctx;
  const lines = ctx.items.map((item) => {
    const { name, cycle } = itemName(item, lang);
    const custom = OrderItemCustomizationsSchema.safeParse(item.customizations);
    const parts = [
      fill(c.line, {
        name,
        cycle,
        quantity: item.quantity,
        total: formatMoney(item.totalPriceCents, lang),
      }),
    ];
    if (custom.success) {
      const domains = lineDomains(custom.data);
      parts.push(fill(c.domains, { domains: domains.join(', ') }));
      if (custom.data.extra_domains > 0 || custom.data.extra_installations > 0) {
        parts.push(
          fill(c.extras, {
            domains: custom.data.extra_domains,
            installations: custom.data.extra_installations,
          }),
        );
      }
    }
    return parts.join('\n');
  });
  const rate = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'fr-FR', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(order.taxRateBasisPoints / 10_000);
  return {
    kind: 'list',
    title: c.summaryTitle,
    items: [
      ...lines,
      fill(c.subtotal, { amount: formatMoney(order.subtotalCents, lang) }),
      // The promo's discount and the legal mention, as the order was priced
      // (docs/decisions/014-vies-and-promo-redemptions.md).
      ...(order.discountCents > 0
        ? [
            fill(c.discount, {
              code: order.promoCode ?? '',
              amount: formatMoney(order.discountCents, lang),
            }),
          ]
        : []),
      fill(c.tax, { rate, amount: formatMoney(order.taxCents, lang) }),
      ...(order.taxMentionKey && isMessageKey(order.taxMentionKey)
        ? [translateMessage(order.taxMentionKey, lang)]
        : []),
      fill(c.total, { amount: formatMoney(order.totalCents, lang) }),
      fill(c.paidWith, {
        method: translateMessage(`payment.${order.paymentMethod}.name`, lang),
      }),
    ],
  };
}

/**
 * Order mail goes to the account that placed the order, never to the billing address typed at
 * checkout: otherwise anyone could make the shop write to a stranger, in words they chose.
 */
function recipient(ctx: OrderMailContext): { to: string; name: string } {
  return { to: ctx.recipient.email, name: oneLine(ctx.recipient.firstName) };
}

export const formatDate = (date: Date, lang: Language): string =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'fr-FR', {
    dateStyle: 'long',
    timeZone: 'Europe/Paris',
  }).format(date);

/** Sent once the payment is confirmed and the licences exist. */
/** `invoiceNumber`: the invoice the fulfilment attaches, named in the text. */
export function confirmationMail(
  ctx: OrderMailContext,
  licenses: readonly NewLicense[],
  invoiceNumber?: string,
): MailInput {
  const lang = ctx.order.locale;
  const c = emailCopy[lang];
  const { to, name } = recipient(ctx);
  const names = new Map(ctx.items.map((item) => [item.id, itemName(item, lang).name]));
  const keys = licenses.map((licence) => {
    const expires = licence.expiresAt ?? null;
    const term = expires
      ? fill(c.confirmation.until, { date: formatDate(expires, lang) })
      : c.confirmation.perpetual;
    return [
      fill(c.confirmation.key, {
        key: licence.licenseKey,
        name: names.get(licence.orderItemId) ?? '',
        domains: licence.domainLimit,
        installations: licence.installationLimit,
        term,
      }),
      fill(c.confirmation.keyDomains, { domains: (licence.domains ?? []).join(', ') }),
      licence.updatePermissions ? c.confirmation.updates : c.confirmation.noUpdates,
    ].join('\n');
  });
  const number = ctx.order.orderNumber;
  const blocks: Block[] = [
    { kind: 'p', text: fill(c.greeting, { name }) },
    { kind: 'p', text: fill(c.confirmation.intro, { number }) },
    ...(invoiceNumber
      ? [{ kind: 'p' as const, text: fill(c.confirmation.invoice, { invoice: invoiceNumber }) }]
      : []),
    { kind: 'list', title: c.confirmation.keysTitle, items: keys },
    summary(ctx, c, lang),
    {
      kind: 'list',
      title: c.confirmation.nextTitle,
      ordered: true,
      items: c.confirmation.next.map((step) =>
        fill(step, { clientUrl: `${ctx.publicUrl}/client`, support: ctx.supportEmail }),
      ),
    },
    { kind: 'p', text: c.confirmation.keep },
    { kind: 'p', text: c.signature },
  ];
  return {
    kind: 'order_confirmation',
    to,
    subject: fill(c.confirmation.subject, { number }),
    ...render(blocks),
  };
}

/** Sent when a bank-transfer order is placed: where to send the money, and the reference. */
export function transferInstructionsMail(
  ctx: OrderMailContext,
  bank: BankTransferDetails,
): MailInput {
  const lang = ctx.order.locale;
  const c = emailCopy[lang];
  const { to, name } = recipient(ctx);
  const number = ctx.order.orderNumber;
  const amount = formatMoney(ctx.order.totalCents, lang);
  const blocks: Block[] = [
    { kind: 'p', text: fill(c.greeting, { name }) },
    { kind: 'p', text: fill(c.transfer.intro, { number, amount }) },
    {
      kind: 'list',
      title: c.transfer.detailsTitle,
      items: [
        fill(c.transfer.amount, { amount }),
        fill(c.transfer.holder, { holder: bank.holder }),
        fill(c.transfer.iban, { iban: bank.iban }),
        fill(c.transfer.bic, { bic: bank.bic }),
        fill(c.transfer.reference, { reference: bank.reference }),
      ],
    },
    { kind: 'p', text: c.transfer.delay },
    summary(ctx, c, lang),
    {
      kind: 'p',
      text: fill(c.transfer.follow, {
        url: `${ctx.publicUrl}/store/order/success/${encodeURIComponent(number)}`,
      }),
    },
    { kind: 'p', text: c.signature },
  ];
  return {
    kind: 'transfer_instructions',
    to,
    subject: fill(c.transfer.subject, { number }),
    ...render(blocks),
  };
}
