import type { Language } from '@cadran/domain/constants';
import { clientAreaPath } from '@cadran/domain/localized-path';
import { formatMoney } from '@cadran/domain/money';
import type { BankTransferDetails } from '@cadran/domain/payments';
import type { ReactNode } from 'react';
import type { MailInput } from '../../mail/queue';
import {
  Code,
  InlineLink,
  List,
  MailButton,
  MailLayout,
  MailtoLink,
  Panel,
  PanelLines,
  Paragraph,
  Signature,
  Title,
  composeMail,
  mailColours,
  fill,
  filled,
  formatDate,
  oneLine,
  type MailBrand,
} from '../../mail/templates';
import type { NewLicense } from '../licenses/plan';
import type { OrderItemRow, OrderRow } from '../orders/repository';
import { countOf, emailCopy, type EmailCopy } from './email-copy';
import { OrderSummary, itemName, type LineNaming } from './order-summary';
import type { MailRecipient } from './recipient';

/**
 * The e-mails of an order's payment, in the language the order was placed in: the
 * confirmation once paid (keys, summary, next steps; for a renewal, the renewed key) and, for
 * a bank transfer, the instructions at creation. Drawn with the store's mail layout
 * (mail/templates), which escapes every value and writes the plain-text part.
 */

export interface OrderMailContext {
  order: OrderRow;
  /** The account that placed the order (see `addressed`). */
  recipient: MailRecipient;
  items: readonly OrderItemRow[];
  /** The site, the support address and the seller, for links and the footer. */
  brand: MailBrand;
}

/**
 * Order mail goes to the account that placed the order, never to the billing address typed at
 * checkout: otherwise anyone could make the shop write to a stranger, in words they chose.
 */
function addressed(ctx: OrderMailContext) {
  const lang = ctx.order.locale;
  return {
    lang,
    c: emailCopy[lang],
    to: ctx.recipient.email,
    name: oneLine(ctx.recipient.firstName),
    number: ctx.order.orderNumber,
  };
}

/** A licence as the confirmation shows it: key and limits, domains, update right. */
function licenceLines(
  licence: NewLicense,
  templateName: string,
  c: EmailCopy,
  lang: Language,
): ReactNode[] {
  const term = licence.expiresAt
    ? fill(c.confirmation.until, { date: formatDate(licence.expiresAt, lang) })
    : c.confirmation.perpetual;
  return [
    filled(c.confirmation.key, {
      key: (
        <strong style={{ color: mailColours.ink }}>
          <Code>{licence.licenseKey}</Code>
        </strong>
      ),
      name: templateName,
      domains: countOf(c.counts.domain, licence.domainLimit, lang),
      installations: countOf(c.counts.installation, licence.installationLimit, lang),
      term,
    }),
    fill(c.confirmation.keyDomains, { domains: (licence.domains ?? []).join(', ') }),
    licence.updatePermissions ? c.confirmation.updates : c.confirmation.noUpdates,
  ];
}

function Keys({
  ctx,
  licenses,
  c,
  naming = 'line',
}: {
  ctx: OrderMailContext;
  licenses: readonly NewLicense[];
  c: EmailCopy;
  /** 'plan' when a line's own name repeats the key the panel shows (a renewal). */
  naming?: LineNaming;
}) {
  const lang = ctx.order.locale;
  const names = new Map(ctx.items.map((item) => [item.id, itemName(item, lang, naming).name]));
  return licenses.map((licence) => (
    <Panel key={licence.licenseKey}>
      <PanelLines
        plain
        lines={licenceLines(licence, names.get(licence.orderItemId) ?? '', c, lang)}
      />
    </Panel>
  ));
}

/** Support's hours and address, the last of the next steps. */
const supportStep = (c: EmailCopy, brand: MailBrand) =>
  filled(c.confirmation.next[2], { support: <MailtoLink address={brand.supportEmail} /> });

/** Sent once the payment is confirmed and the licences exist. */
/** `invoiceNumber`: the invoice the fulfilment attaches, named in the text. */
export function confirmationMail(
  ctx: OrderMailContext,
  licenses: readonly NewLicense[],
  invoiceNumber?: string,
): Promise<MailInput> {
  const { lang, c, to, name, number } = addressed(ctx);
  const clientUrl = `${ctx.brand.publicUrl}${clientAreaPath('/', lang)}`;
  const intro = fill(c.confirmation.intro, { number });
  return composeMail(
    { kind: 'order_confirmation', to, subject: fill(c.confirmation.subject, { number }) },
    <MailLayout lang={lang} brand={ctx.brand} preview={intro}>
      <Paragraph>{fill(c.greeting, { name })}</Paragraph>
      <Paragraph>{intro}</Paragraph>
      {invoiceNumber && (
        <Paragraph>{fill(c.confirmation.invoice, { invoice: invoiceNumber })}</Paragraph>
      )}
      <Title>{c.confirmation.keysTitle}</Title>
      <Keys ctx={ctx} licenses={licenses} c={c} />
      <OrderSummary order={ctx.order} items={ctx.items} c={c} lang={lang} />
      <Title>{c.confirmation.nextTitle}</Title>
      <List
        ordered
        items={[
          filled(c.confirmation.next[0], { clientUrl: <InlineLink href={clientUrl} /> }),
          c.confirmation.next[1],
          supportStep(c, ctx.brand),
        ]}
      />
      <MailButton href={clientUrl}>{c.confirmation.button}</MailButton>
      <Paragraph muted>{c.confirmation.keep}</Paragraph>
      <Signature>{c.signature}</Signature>
    </MailLayout>,
  );
}

/**
 * Sent once a renewal order is paid (docs/product.md 'Licences' ('Renewal')): the same key
 * with its new expiry, nothing to install.
 */
export function renewalConfirmationMail(
  ctx: OrderMailContext,
  licence: NewLicense,
  invoiceNumber: string,
): Promise<MailInput> {
  const { lang, c, to, name, number } = addressed(ctx);
  const intro = fill(c.renewal.intro, { number });
  return composeMail(
    { kind: 'renewal_confirmation', to, subject: fill(c.renewal.subject, { number }) },
    <MailLayout lang={lang} brand={ctx.brand} preview={intro}>
      <Paragraph>{fill(c.greeting, { name })}</Paragraph>
      <Paragraph>{intro}</Paragraph>
      <Paragraph>{fill(c.confirmation.invoice, { invoice: invoiceNumber })}</Paragraph>
      <Title>{c.renewal.keyTitle}</Title>
      {/* The panel names the key; the lines name the plan, so the key is read once. */}
      <Keys ctx={ctx} licenses={[licence]} c={c} naming="plan" />
      <Paragraph>{c.renewal.same}</Paragraph>
      <MailButton href={`${ctx.brand.publicUrl}${clientAreaPath('/', lang)}`}>
        {c.confirmation.button}
      </MailButton>
      <OrderSummary order={ctx.order} items={ctx.items} c={c} lang={lang} naming="plan" />
      <Paragraph>{supportStep(c, ctx.brand)}</Paragraph>
      <Signature>{c.signature}</Signature>
    </MailLayout>,
  );
}

/** Sent when a bank-transfer order is placed: where to send the money, and the reference. */
export function transferInstructionsMail(
  ctx: OrderMailContext,
  bank: BankTransferDetails,
): Promise<MailInput> {
  const { lang, c, to, name, number } = addressed(ctx);
  const amount = formatMoney(ctx.order.totalCents, lang);
  const intro = fill(c.transfer.intro, { number, amount });
  return composeMail(
    { kind: 'transfer_instructions', to, subject: fill(c.transfer.subject, { number }) },
    <MailLayout lang={lang} brand={ctx.brand} preview={intro}>
      <Paragraph>{fill(c.greeting, { name })}</Paragraph>
      <Paragraph>{intro}</Paragraph>
      <Title>{c.transfer.detailsTitle}</Title>
      <Panel tone="brass">
        <PanelLines
          lines={[
            fill(c.transfer.amount, { amount }),
            fill(c.transfer.holder, { holder: bank.holder }),
            filled(c.transfer.iban, { iban: <Code>{bank.iban}</Code> }),
            filled(c.transfer.bic, { bic: <Code>{bank.bic}</Code> }),
            filled(c.transfer.reference, { reference: <Code>{bank.reference}</Code> }),
          ]}
        />
      </Panel>
      <Paragraph>{c.transfer.delay}</Paragraph>
      <MailButton
        href={`${ctx.brand.publicUrl}${clientAreaPath(`/orders/${encodeURIComponent(number)}`, lang)}`}
      >
        {c.transfer.follow}
      </MailButton>
      <OrderSummary order={ctx.order} items={ctx.items} c={c} lang={lang} />
      <Signature>{c.signature}</Signature>
    </MailLayout>,
  );
}

/**
 * Sent when staff place an order for the customer to pay by card or PayPal: the provider's
 * payment page, and the order in the client area.
 */
export function paymentLinkMail(ctx: OrderMailContext, paymentUrl: string): Promise<MailInput> {
  const { lang, c, to, name, number } = addressed(ctx);
  const intro = fill(c.paymentLink.intro, {
    number,
    amount: formatMoney(ctx.order.totalCents, lang),
  });
  return composeMail(
    { kind: 'payment_link', to, subject: fill(c.paymentLink.subject, { number }) },
    <MailLayout lang={lang} brand={ctx.brand} preview={intro}>
      <Paragraph>{fill(c.greeting, { name })}</Paragraph>
      <Paragraph>{intro}</Paragraph>
      <MailButton href={paymentUrl}>{c.paymentLink.button}</MailButton>
      <Paragraph>{c.paymentLink.after}</Paragraph>
      <OrderSummary order={ctx.order} items={ctx.items} c={c} lang={lang} />
      <Signature>{c.signature}</Signature>
    </MailLayout>,
  );
}
