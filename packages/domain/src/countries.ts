import type { Language } from './constants';

/**
 * Every country of the world a buyer may bill to: the 249 officially assigned ISO 3166-1
 * alpha-2 codes, in alphabetical order. Written as data rather than taken from a package: the
 * list changes about once a decade (the last additions, BQ, CW and SX, date from 2010), the
 * packages that carry it add alpha-3 codes, numeric codes or names the store does not need, and
 * two of them also list codes ISO has not assigned (XK for Kosovo, AC for Ascension). Names
 * come from the runtime's own Intl.DisplayNames, so none are stored here. The zod schema of a
 * code lives in wire-schemas.ts: the cart shows country names and ships no zod.
 */
// prettier-ignore
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

const COUNTRY_CODE_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

export const isCountryCode = (value: unknown): value is CountryCode =>
  typeof value === 'string' && COUNTRY_CODE_SET.has(value);

/**
 * The 27 member states of the European Union in 2026, by ISO code (Greece is GR here; its VAT
 * numbers use the prefix EL, see vat-number.ts). Territories with an ISO code of their own are
 * not member states in this list even where EU law reaches them (Åland AX, the French overseas
 * departments GF, GP, MQ, RE and YT, Saint-Martin MF): they lie outside the EU VAT area, which
 * is what this list is for.
 */
// prettier-ignore
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const satisfies readonly CountryCode[];
export type EuCountry = (typeof EU_MEMBER_STATES)[number];

const EU_SET: ReadonlySet<string> = new Set(EU_MEMBER_STATES);

export const isEuCountry = (value: unknown): value is EuCountry =>
  typeof value === 'string' && EU_SET.has(value);

/** BCP 47 locale used for names and for sorting in each language of the site. */
const DISPLAY_LOCALES: Readonly<Record<Language, string>> = { fr: 'fr', en: 'en' };

/*
 * Intl.DisplayNames (Node 14+, every current browser) knows the names of all ISO regions in
 * both languages. Built on first use: most pages never show a country list.
 */
const displayNames = new Map<Language, Intl.DisplayNames>();

function namesFor(lang: Language): Intl.DisplayNames {
  let names = displayNames.get(lang);
  if (!names) {
    // fallback 'code': a runtime without the data shows "FR" rather than nothing.
    names = new Intl.DisplayNames([DISPLAY_LOCALES[lang]], { type: 'region', fallback: 'code' });
    displayNames.set(lang, names);
  }
  return names;
}

/**
 * The country's name in the reader's language ("Allemagne", "Germany"). Names can differ by a
 * word between runtimes (each ships its own data), so store and compare codes, never names.
 */
export const countryDisplayName = (code: CountryCode, lang: Language): string =>
  namesFor(lang).of(code) ?? code;

export interface CountryOption {
  readonly code: CountryCode;
  readonly name: string;
}

const sortedLists = new Map<Language, readonly CountryOption[]>();

/**
 * Every country with its name, sorted for a select in that language's collation: in French
 * "Émirats arabes unis" comes among the E, before "Équateur" and "Espagne", not after "Z".
 */
export function countriesForDisplay(lang: Language): readonly CountryOption[] {
  let list = sortedLists.get(lang);
  if (!list) {
    const collator = new Intl.Collator(DISPLAY_LOCALES[lang]);
    list = Object.freeze(
      COUNTRY_CODES.map((code) => ({ code, name: countryDisplayName(code, lang) })).sort(
        (a, b) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code),
      ),
    );
    sortedLists.set(lang, list);
  }
  return list;
}
