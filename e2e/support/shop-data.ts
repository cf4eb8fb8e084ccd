/**
 * What the journeys' server is set up with (start-server.ts) and the journeys use: a promo code
 * made as an operator makes one, and the VAT numbers the local VIES stand-in knows.
 */

/** 10 % off every licence, without limit: every journey may use it. */
export const E2E_PROMO_CODE = 'BIENVENUE10';

/**
 * A German business's number, valid by its check digits, which the VIES stand-in confirms
 * (docs/decisions/013-tax-treatment-and-promo-rules.md: the reverse charge needs VIES's word).
 */
export const E2E_VAT_NUMBER = 'DE136695976';

/** Numbers the stand-in answers as registered; any other is unknown to it. */
export const VIES_REGISTERED: readonly string[] = [E2E_VAT_NUMBER];
