import { describe, expect, it } from 'vitest';
import * as c from './constants';
import { LanguageSchema } from './wire-schemas';

describe('business constants', () => {
  it('match docs/product.md', () => {
    expect(c.CURRENCY).toBe('EUR');
    expect(c.CART_TAX_RATE).toBe(20);
    expect(c.EXTRA_DOMAIN_PRICE_CENTS).toBe(1000);
    expect(c.EXTRA_INSTALLATION_PRICE_CENTS).toBe(500);
    expect([c.EXTRAS_MIN, c.EXTRAS_MAX, c.QUANTITY_MIN, c.CONTACT_MESSAGE_MIN]).toEqual([
      0, 10, 1, 10,
    ]);
    expect(c.DEFAULT_BILLING_CYCLE).toBe('annually');
    expect(c.HOME_FEATURED_MAX).toBe(3);
    expect([c.HTTP_TIMEOUT_MS, c.HERO_ROTATION_MS, c.NEWSLETTER_MESSAGE_MS]).toEqual([
      30000, 5000, 5000,
    ]);
    expect([
      c.NEWSLETTER_SIMULATED_DELAY_MS,
      c.LOGIN_SUCCESS_MESSAGE_MS,
      c.LOGIN_RECHECK_MS,
    ]).toEqual([1000, 3000, 200]);
    expect(c.LANGUAGE_STORAGE_KEY).toBe('language');
    expect(c.CART_STORAGE_KEY).not.toBe(c.PERSISTED_STATE_STORAGE_KEY);
    expect(c.SUPPORT_EMAIL).toBe('support@cadran.fr');
    expect(c.LANGUAGES).toEqual(['fr', 'en']);
  });

  it('recognises languages', () => {
    expect(c.isLanguage('fr')).toBe(true);
    expect(c.isLanguage('de')).toBe(false);
    expect(LanguageSchema.safeParse('en').success).toBe(true);
  });
});
