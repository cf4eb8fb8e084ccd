import {
  CONTACT_SUBJECTS,
  contactSubjectLabelKey,
  type ContactSubject,
} from '@cadran/domain/contact';
import { countryDisplayName, isCountryCode } from '@cadran/domain/countries';
import { translateMessage } from '@cadran/domain/messages';
import { shopDay } from '@cadran/domain/paris-days';
import { formatCents, localeOf, MISSING_VALUE } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** Amounts in the staff API are integer cents; they print as the site prints money. */
export const formatAmount = (cents: number): string => formatCents(cents);

/** `value` (an ISO instant) in the reader's language, or the missing-value mark. */
function formatInstant(value: string | null | undefined, style: Intl.DateTimeFormatOptions) {
  if (!value) return MISSING_VALUE;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return MISSING_VALUE;
  return new Intl.DateTimeFormat(localeOf(currentLanguage()), style).format(date);
}

/** A compact date and time for tables: "24 nov. 2026, 14:05". */
export const formatWhen = (value: string | null | undefined): string =>
  formatInstant(value, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDay = (value: string | null | undefined): string =>
  formatInstant(value, { dateStyle: 'medium' });

/** The time of day alone, "14:05" (beside `formatDay` where a table has little room). */
export const formatTime = (value: string | null | undefined): string =>
  formatInstant(value, { timeStyle: 'short' });

/** What a staff member types as an amount in euros ("1 234,50", "99.00") in cents, or null. */
export function parseEuros(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** An amount as the API reads a decimal: cents -> "149.00". */
export const centsToDecimal = (cents: number): string =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * Today as a date field holds it, on the shop's calendar (Paris), which the server checks a
 * payment date against: a staff member's own day differs from it for an hour or more around
 * midnight, when a form would offer a day the server refuses.
 */
export const today = (): string => shopDay(new Date());

/** A contact message's subject as the form named it to the sender, in the reader's language. */
export const subjectLabel = (subject: string): string =>
  (CONTACT_SUBJECTS as readonly string[]).includes(subject)
    ? translateMessage(contactSubjectLabelKey(subject as ContactSubject), currentLanguage())
    : subject;

/** A country code ("DE") by its name in the reader's language; anything else as stored. */
export const formatCountry = (country: string): string =>
  isCountryCode(country)
    ? countryDisplayName(country, currentLanguage())
    : country || MISSING_VALUE;
