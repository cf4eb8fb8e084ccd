/**
 * Business constants of the store (docs/product.md 'Limits and constants'). Amounts are integer
 * cents and rates are percentages, so nothing here ever needs floating-point money.
 */

export const CURRENCY = 'EUR' as const;
export type Currency = typeof CURRENCY;

/** The cart always shows and applies 20 %; checkout uses the country rate (vat.ts). */
export const CART_TAX_RATE = 20;

/** 10 € per extra domain, 5 € per extra installation, per unit of the line. */
export const EXTRA_DOMAIN_PRICE_CENTS = 1000;
export const EXTRA_INSTALLATION_PRICE_CENTS = 500;

/** Extras accept 0 to 10, cart quantity at least 1. */
export const EXTRAS_MIN = 0;
export const EXTRAS_MAX = 10;
export const QUANTITY_MIN = 1;
/** An upper bound so one line cannot overflow totals or stock a typo. */
export const QUANTITY_MAX = 100;
/** Bounds on one order and one stored cart. */
export const ORDER_ITEMS_MAX = 20;
export const CART_LINES_MAX = ORDER_ITEMS_MAX;

export const CONTACT_MESSAGE_MIN = 10;

/** The pricing page selects 'annually' unless the catalogue has no such cycle. */
export const DEFAULT_BILLING_CYCLE = 'annually' as const;
/** The home page shows at most three featured templates. */
export const HOME_FEATURED_MAX = 3;

/** Timings (docs/product.md 'Limits and constants' ('Timings')), in milliseconds. */
export const HTTP_TIMEOUT_MS = 30_000;
export const HERO_ROTATION_MS = 5_000;
export const NEWSLETTER_MESSAGE_MS = 5_000;
export const NEWSLETTER_SIMULATED_DELAY_MS = 1_000;
export const LOGIN_SUCCESS_MESSAGE_MS = 3_000;
export const LOGIN_RECHECK_MS = 200;

/**
 * Browser storage keys (docs/product.md 'Limits and constants' ('Browser storage and cookies')).
 */
export const LANGUAGE_STORAGE_KEY = 'language';
export const CART_STORAGE_KEY = 'cadran-cart';
export const PERSISTED_STATE_STORAGE_KEY = 'cadran-store';
/**
 * Readable companion of the HttpOnly session cookie, holding no secret: it tells the web app
 * a session may exist, so anonymous visitors are never sent a /auth/me call that would fail.
 */
export const SESSION_HINT_COOKIE = 'cadran_signed_in';

/**
 * The support address and hours. The address is the one every page, e-mail and invoice gives: the
 * server's SUPPORT_EMAIL setting defaults to it (texts live in the message catalogue).
 */
export const SUPPORT_EMAIL = 'support@cadran.fr';
export const SUPPORT_HOURS_KEY = 'support.hours';
export const SUPPORT_REPLY_TIME_KEY = 'support.reply_time';

/** French first, English second (docs/product.md 'Languages and texts'). */
export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
