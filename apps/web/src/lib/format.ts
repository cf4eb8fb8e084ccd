import type { Language } from '@cadran/domain/constants';
import { formatMoney as formatCentsIn, parseMoneyToCents } from '@cadran/domain/money';
import { activeLanguage as currentLanguage } from './active-language';

/**
 * Display formatting in the active language (docs/product.md 'Languages and texts': euros with
 * French formatting). Amounts arrive as decimal strings ("1234.00") or numbers of euros; cents are
 * formatted by the shared money rules so the web app and the server's mails print amounts
 * identically.
 */

const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };

/** Shown instead of a value that cannot be read, rather than a misleading zero. */
export const MISSING_VALUE = '—';

export const localeOf = (language: Language = currentLanguage()): string => LOCALES[language];

export function formatCents(cents: number, language: Language = currentLanguage()): string {
  return Number.isSafeInteger(cents) ? formatCentsIn(cents, language) : MISSING_VALUE;
}

/** "1234.00" or 1234 -> "1 234,00 €" in French, "€1,234.00" in English. */
export function formatMoney(
  amount: number | string,
  language: Language = currentLanguage(),
): string {
  const negative = typeof amount === 'number' ? amount < 0 : amount.trim().startsWith('-');
  const magnitude = typeof amount === 'number' ? Math.abs(amount) : amount.trim().replace(/^-/, '');
  const cents = parseMoneyToCents(magnitude);
  if (cents === null) return MISSING_VALUE;
  return formatCents(negative ? -cents : cents, language);
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface DateFormatOptions {
  language?: Language;
  /** Adds the article of a date inside a sentence: "le 20 novembre 2026", "on 20 November 2026". */
  withArticle?: boolean;
  timeZone?: string;
}

/** Long date, e.g. "20 novembre 2026" (the order success page's French long format). */
export function formatDate(value: Date | string | number, options: DateFormatOptions = {}): string {
  const language = options.language ?? currentLanguage();
  const date = toDate(value);
  if (!date) return MISSING_VALUE;
  const parts = new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).formatToParts(date);
  // French writes the first day of a month as an ordinal: "1er novembre 2026".
  const text = parts
    .map((part) =>
      language === 'fr' && part.type === 'day' && part.value === '1' ? '1er' : part.value,
    )
    .join('');
  if (!options.withArticle) return text;
  return language === 'fr' ? `le ${text}` : `on ${text}`;
}

export function formatDateTime(
  value: Date | string | number,
  options: Omit<DateFormatOptions, 'withArticle'> = {},
): string {
  const date = toDate(value);
  if (!date) return MISSING_VALUE;
  return new Intl.DateTimeFormat(LOCALES[options.language ?? currentLanguage()], {
    dateStyle: 'long',
    timeStyle: 'short',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}

export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  language: Language = currentLanguage(),
): string {
  return Number.isFinite(value)
    ? new Intl.NumberFormat(LOCALES[language], options).format(value)
    : MISSING_VALUE;
}

/** A rate given in percent: 20 -> "20 %" in French, 7.7 -> "7,7 %". */
export function formatPercent(ratePercent: number, language: Language = currentLanguage()): string {
  return formatNumber(ratePercent / 100, { style: 'percent', maximumFractionDigits: 2 }, language);
}
