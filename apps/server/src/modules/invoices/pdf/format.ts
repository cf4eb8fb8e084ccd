import { cycleLabelKey } from '@cadran/domain/billing-cycles';
import type { Language } from '@cadran/domain/constants';
import { creditedCents, type InvoiceDocument, type InvoiceLine } from '@cadran/domain/invoice';
import { INVOICE_TIME_ZONE } from '@cadran/domain/invoice-numbers';
import { translateMessage, type MessageKey } from '@cadran/domain/messages';
import { formatMoney } from '@cadran/domain/money';
import { formatSiren } from '@cadran/domain/company-identifiers';
import { countryName, isCountry } from '@cadran/domain/vat';

/** The texts of an invoice in its language: every printed word comes from the domain messages. */

export const t = (key: MessageKey, lang: Language, values: Record<string, string> = {}): string =>
  translateMessage(key, lang).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** "Label : value" in French typography (no-break space before the colon), "Label: value" in English. */
export const labelled = (label: string, value: string, lang: Language): string =>
  lang === 'fr' ? `${label}\u00a0: ${value}` : `${label}: ${value}`;

const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  fr: new Intl.DateTimeFormat('fr-FR', { timeZone: INVOICE_TIME_ZONE, dateStyle: 'long' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: INVOICE_TIME_ZONE, dateStyle: 'long' }),
};

/** A date as the buyer reads it, in French time (the seller's). */
export const formatDate = (iso: string, lang: Language): string =>
  dateFormats[lang].format(new Date(iso));

export const money = (cents: number, lang: Language): string => formatMoney(cents, lang);

/** 2000 -> "20 %" in French (no-break space), "20%" in English; 550 -> "5,5 %" / "5.5%". */
export function formatRate(basisPoints: number, lang: Language): string {
  const percent = (basisPoints / 100).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    maximumFractionDigits: 2,
  });
  return lang === 'fr' ? `${percent}\u00a0%` : `${percent}%`;
}

export const countryLabel = (code: string, lang: Language): string =>
  isCountry(code) ? countryName(code, lang) : code;

/** The grey lines under a line's name: cycle and period, extras, domains. */
export function lineDetails(line: InvoiceLine, lang: Language): string[] {
  const start = formatDate(line.periodStart, lang);
  const period = line.periodEnd
    ? t('invoice.period', lang, { start, end: formatDate(line.periodEnd, lang) })
    : t('invoice.period_from', lang, { start });
  const details = [`${t(cycleLabelKey(line.billingCycle), lang)} · ${period}`];
  if (line.extraDomains > 0) {
    details.push(t('invoice.extra_domains', lang, { count: String(line.extraDomains) }));
  }
  if (line.extraInstallations > 0) {
    details.push(
      t('invoice.extra_installations', lang, { count: String(line.extraInstallations) }),
    );
  }
  if (line.domains.length > 0) {
    details.push(t('invoice.domains', lang, { domains: line.domains.join(', ') }));
  }
  return details;
}

/** The seller's legal line of the footer: form, capital, SIREN, RCS, VAT number. */
export function sellerLegalLine(doc: InvoiceDocument): string {
  const { seller, language: lang } = doc;
  return [
    `${seller.name} — ${seller.legalForm} ${t('invoice.share_capital', lang, {
      amount: money(seller.shareCapitalCents, lang),
    })}`,
    `${t('invoice.siren', lang)} ${formatSiren(seller.siren)}`,
    t('invoice.rcs', lang, { city: seller.rcsCity }),
    `${t('invoice.vat_number', lang)} ${seller.vatNumber}`,
  ].join(' · ');
}

/** The sentence under the totals: paid on a date by a method, or the amount credited. */
export function settlementSentence(doc: InvoiceDocument): string {
  const lang = doc.language;
  if (doc.kind !== 'invoice') {
    return t('invoice.credited', lang, { amount: money(creditedCents(doc), lang) });
  }
  // Inside a sentence: the method's name in lower case where the language wants it.
  const method = t(`invoice.method.${doc.paymentMethod}`, lang);
  return t('invoice.paid', lang, { date: formatDate(doc.paidAt, lang), method });
}

/** The seller's account a transfer was paid into, when the invoice records one. */
export const paidToIban = (doc: InvoiceDocument): string | undefined =>
  doc.kind === 'invoice' && doc.paymentMethod === 'bank_transfer' ? doc.seller.iban : undefined;
