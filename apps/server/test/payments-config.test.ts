import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEMO_BANK_ACCOUNT,
  loadConfig,
  SANDBOX_IN_PRODUCTION_CONSENT,
} from '../src/config';
import { orders } from '../src/db/schema/orders';
import { buildTestApp, captureLogs, PINO_LEVEL, type TestApp } from './helper';
import { item, orderBody, placeOrder, shopSuite } from './orders-helpers';
import { PAYMENTS } from './payments-helpers';
import { LICENSE_SIGNING_ENV, SELLER_ENV } from './support/seller-env';

const SECRET = { SESSION_SECRET: 'x'.repeat(40) };

describe('payment configuration', () => {
  it('turns the sandbox off in production unless explicitly enabled', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', ...SELLER_ENV, ...LICENSE_SIGNING_ENV, ...SECRET })
        .paymentSandbox,
    ).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ...SELLER_ENV,
        ...LICENSE_SIGNING_ENV,
        PAYMENT_SANDBOX: 'true',
        PAYMENT_SANDBOX_IN_PRODUCTION: SANDBOX_IN_PRODUCTION_CONSENT,
        ...SECRET,
      }).paymentSandbox,
    ).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).paymentSandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', PAYMENT_SANDBOX: 'off' }).paymentSandbox).toBe(
      false,
    );
  });

  it('uses the demo bank account outside production only', () => {
    expect(loadConfig({}).bankAccount).toEqual(DEMO_BANK_ACCOUNT);
    expect(
      loadConfig({ NODE_ENV: 'production', ...SELLER_ENV, ...LICENSE_SIGNING_ENV, ...SECRET })
        .bankAccount,
    ).toBeUndefined();
    expect(
      loadConfig({
        BANK_IBAN: 'fr76 3000 6000 0112 3456 7890 189',
        BANK_BIC: 'AGRIFRPPXXX',
        BANK_HOLDER: 'Cadran SAS',
      }).bankAccount,
    ).toEqual({ holder: 'Cadran SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX' });
  });

  it('refuses half a provider configuration and wrong bank details, naming each variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems.join('\n');
        throw error;
      }
      return '';
    };
    expect(problems({ STRIPE_SECRET_KEY: 'sk_test_1' })).toMatch(
      /^STRIPE_WEBHOOK_SECRET: required/,
    );
    expect(problems({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toMatch(/^STRIPE_SECRET_KEY: required/);
    expect(problems({ STRIPE_SECRET_KEY: 'pk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toMatch(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(problems({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toMatch(
      /set all three or none/,
    );
    expect(
      problems({
        BANK_IBAN: 'FR7630006000011234567890188',
        BANK_BIC: 'AGRIFRPP',
        BANK_HOLDER: 'X',
      }),
    ).toMatch(/BANK_IBAN: must be a valid IBAN/);
    expect(problems({ BANK_IBAN: 'FR7630006000011234567890189' })).toMatch(
      /BANK_IBAN, BANK_BIC, BANK_HOLDER/,
    );
    expect(
      loadConfig({
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_WEBHOOK_ID: 'WH-1',
      }).paypal?.apiBase,
    ).toBe('https://api-m.sandbox.paypal.com');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ...SELLER_ENV,
        ...LICENSE_SIGNING_ENV,
        ...SECRET,
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_WEBHOOK_ID: 'WH-1',
      }).paypal?.apiBase,
    ).toBe('https://api-m.paypal.com');
  });
});

// PAYMENT_SANDBOX=true alone in production would let anyone pay their own orders for free.
describe('the payment sandbox in production', () => {
  const production = {
    NODE_ENV: 'production',
    ...SELLER_ENV,
    ...LICENSE_SIGNING_ENV,
    PAYMENT_SANDBOX: 'true',
    ...SECRET,
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('is refused without the second setting, which the error names', () => {
    const refused = problems(production);
    expect(refused).toEqual([expect.stringMatching(/^PAYMENT_SANDBOX: refused in production/)]);
    expect(refused[0]).toContain(`PAYMENT_SANDBOX_IN_PRODUCTION=${SANDBOX_IN_PRODUCTION_CONSENT}`);
  });

  it('is refused when the second setting says anything but the exact consent', () => {
    for (const vague of ['true', '1', 'yes', 'I-ACCEPT-UNPAID-ORDERS']) {
      expect(problems({ ...production, PAYMENT_SANDBOX_IN_PRODUCTION: vague }), vague).toEqual([
        expect.stringMatching(/^PAYMENT_SANDBOX_IN_PRODUCTION: must be exactly/),
      ]);
    }
  });

  it('consent alone turns nothing on', () => {
    const env = { NODE_ENV: 'production', ...SELLER_ENV, ...LICENSE_SIGNING_ENV, ...SECRET };
    const config = loadConfig({
      ...env,
      PAYMENT_SANDBOX_IN_PRODUCTION: SANDBOX_IN_PRODUCTION_CONSENT,
    });
    expect(config.paymentSandbox).toBe(false);
  });

  describe('accepted with both settings', () => {
    let t: TestApp;
    const logs = captureLogs();

    beforeAll(async () => {
      t = await buildTestApp({
        env: {
          NODE_ENV: 'production',
          ...SELLER_ENV,
          ...LICENSE_SIGNING_ENV,
          PAYMENT_SANDBOX: 'true',
          PAYMENT_SANDBOX_IN_PRODUCTION: SANDBOX_IN_PRODUCTION_CONSENT,
        },
        logger: logs.logger,
      });
    });
    afterAll(() => t.close());

    it('lets the sandbox stand in for card and PayPal', async () => {
      const res = await t.app.inject({ url: '/api/v1/website/payment-methods' });
      const methods = res.json<{ payment_methods: Array<{ id: string; enabled: boolean }> }>();
      expect(methods.payment_methods.map((m) => [m.id, m.enabled])).toEqual([
        ['stripe', true],
        ['paypal', true],
        // Production has no demo account: transfers still need BANK_*.
        ['bank_transfer', false],
      ]);
    });

    it('logs a warning naming the setting at start', () => {
      const warnings = logs.lines.filter((line) => line.setting === 'PAYMENT_SANDBOX');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.level).toBe(PINO_LEVEL.warn);
      expect(warnings[0]?.msg).toMatch(/sandbox is on in production.*without paying/);
    });
  });
});

// The sandbox is disabled in production config. With no provider keys and no
// bank details, nothing can take the money: such orders are refused before they exist.
describe('production without providers', () => {
  const t = shopSuite({
    env: { NODE_ENV: 'production', ...SELLER_ENV, ...LICENSE_SIGNING_ENV, LOG_LEVEL: 'silent' },
  });

  it('refuses card, PayPal and transfer orders with a clear 422, and creates nothing', async () => {
    for (const method of ['stripe', 'paypal', 'bank_transfer']) {
      const res = await placeOrder(
        t.app,
        t.alice,
        orderBody([item(t.pro.id)], { payment_method: method }),
      );
      expect(res.statusCode, method).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        message:
          'Ce moyen de paiement n’est pas disponible pour le moment : choisissez-en un autre',
        errors: {
          payment_method: [
            'Ce moyen de paiement n’est pas disponible pour le moment : choisissez-en un autre',
          ],
        },
      });
    }
    expect(await t.db.select().from(orders).where(eq(orders.userId, t.alice.userId))).toEqual([]);
  });

  it('lists the methods as disabled and has no sandbox page', async () => {
    const res = await t.app.inject({ url: '/api/v1/website/payment-methods' });
    const methods = res.json<{ payment_methods: Array<{ id: string; enabled: boolean }> }>();
    expect(methods.payment_methods.map((m) => [m.id, m.enabled])).toEqual([
      ['stripe', false],
      ['paypal', false],
      ['bank_transfer', false],
    ]);
    const sandbox = await t.app.inject({
      url: `${PAYMENTS}/sandbox/00000000-0000-4000-8000-000000000000`,
      headers: { cookie: `cadran_session=${t.alice.token}` },
    });
    expect(sandbox.statusCode).toBe(404);
    // Webhooks of unconfigured providers do not exist either.
    const hook = await t.app.inject({
      method: 'POST',
      url: `${PAYMENTS}/stripe/webhook`,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
  });
});
