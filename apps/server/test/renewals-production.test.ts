import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { enrol, staff } from './staff-factor-helpers';
import { LICENSE_SIGNING_ENV, SELLER_ENV } from './support/seller-env';

/**
 * The renewal run in production (docs/product.md 'Licences' ('Automatic renewal')): `as_of`
 * would charge terms before they are due, so production refuses it with a 400 in the staff
 * member's language, and runs nothing; the run itself, without it, stays open to them.
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  ...SELLER_ENV,
  ...LICENSE_SIGNING_ENV,
  LOG_LEVEL: 'silent',
};

describe('the renewal run in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: PRODUCTION });
  });
  afterAll(() => t.close());

  it('refuses as_of with a 400 in the reader’s language, and runs without it', async () => {
    expect(t.app.config.isProduction).toBe(true);
    const admin = await staff(t);
    await enrol(t.app, admin.headers);
    const run = (payload: object, lang = 'fr') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/renewals/run',
        headers: { ...admin.headers, 'accept-language': lang },
        payload,
      });
    const asOf = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const refused = await run({ as_of: asOf });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'La date de simulation (as_of) n’est pas acceptée en production',
      errors: { as_of: ['La date de simulation (as_of) n’est pas acceptée en production'] },
    });
    expect((await run({ as_of: asOf }, 'en')).json<{ message: string }>().message).toBe(
      'The simulation date (as_of) is not accepted in production',
    );
    const plain = await run({});
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toEqual({ success: true, charged: 0, failed: 0, skipped: 0 });
  });
});
