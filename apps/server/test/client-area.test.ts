import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { issueCreditNote } from '../src/modules/invoices/credit-note';
import { sessionCookie } from './auth-helpers';
import { activation, buyLicences, callApi, verifyLicenseFile } from './licenses-helpers';
import type { LicenceAnswer } from './licenses-helpers';
import { buyer, getAs, ORDERS, shopSuite, type Buyer } from './orders-helpers';
import { decide, placeWith, sandboxIdOf } from './payments-helpers';

/**
 * The client area's own routes (docs/product.md 'Client area'): the account's order list, the
 * history and credit notes of one order, all its invoices, a licence's domains and its signed
 * file. Another account's object, an unknown or a malformed id all get the same 404.
 */

const t = shopSuite();
const INVOICES = '/api/v1/website/invoices';
const LICENSES = '/api/v1/website/licenses';

interface ListAnswer {
  orders: Array<Record<string, unknown>>;
  total: number;
  page: number;
  page_size: number;
  documents: Array<Record<string, unknown>>;
  message: string;
  errors?: Record<string, string[]>;
}

const putDomains = (
  who: Buyer,
  id: string,
  domains: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'PUT',
    url: `${LICENSES}/${id}/domains`,
    headers: { ...who.headers, ...headers },
    payload: { domains },
  });

async function paidOrder(who: Buyer) {
  const placed = await placeWith(t.app, who, 'stripe', t.pro.id);
  await decide(t.app, who, sandboxIdOf(placed.payment_url), 'pay');
  return placed.order;
}

describe('my orders', () => {
  it('lists only my orders, newest first, a page at a time, with kind and invoice number', async () => {
    const alice = await buyer(t.app);
    const paid = await paidOrder(alice);
    const pending = (await placeWith(t.app, alice, 'bank_transfer', t.pro.id)).order;
    await paidOrder(await buyer(t.app));

    const res = await getAs(t.app, alice, ORDERS);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<ListAnswer>();
    expect(body).toMatchObject({ total: 2, page: 1, page_size: 20 });
    expect(body.orders.map((order) => order.id)).toEqual([pending.id, paid.id]);
    expect(body.orders[1]).toMatchObject({
      order_number: paid.order_number,
      status: 'completed',
      payment_status: 'paid',
      payment_method: 'stripe',
      total: paid.total,
      currency: 'EUR',
      kind: 'order',
    });
    expect(body.orders[1]?.invoice_number).toMatch(/^FA-\d{4}-\d{5}$/);
    expect(body.orders[0]).toMatchObject({ status: 'pending', invoice_number: null });

    const second = (await getAs(t.app, alice, `${ORDERS}?page=2&page_size=1`)).json<ListAnswer>();
    expect(second).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(second.orders.map((order) => order.id)).toEqual([paid.id]);
  });

  it('calls a licence renewal a renewal', async () => {
    const alice = await buyer(t.app);
    const { licences } = await buyLicences(t.app, t.db, alice, t.pro.id);
    const renewal = await t.app.inject({
      method: 'POST',
      url: `${LICENSES}/${licences[0]!.id}/renew`,
      headers: alice.headers,
      payload: { payment_method: 'stripe' },
    });
    expect(renewal.statusCode).toBe(201);
    const listed = (await getAs(t.app, alice, ORDERS)).json<ListAnswer>().orders;
    expect(listed.map((order) => order.kind)).toEqual(['renewal', 'order']);
  });

  it('refuses without a session and with a malformed page, in the visitor’s language', async () => {
    expect((await getAs(t.app, null, ORDERS)).statusCode).toBe(401);
    expect((await getAs(t.app, null, INVOICES)).statusCode).toBe(401);
    for (const query of ['page=0', 'page=abc', 'page_size=500', 'page=1.5']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${ORDERS}?${query}`,
        headers: { ...sessionCookie(t.alice.token), 'accept-language': 'en' },
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ListAnswer>().message).not.toMatch(/^validation\./);
    }
  });
});

describe('one of my orders', () => {
  it('carries its history and its credit notes; another account gets 404', async () => {
    const alice = await buyer(t.app);
    const order = await paidOrder(alice);
    const read = (await getAs(t.app, alice, `${ORDERS}/${order.id}`)).json<{
      order: Record<string, unknown>;
    }>().order;
    expect(read.events).toEqual([
      expect.objectContaining({ from: null, to: 'pending', payment_status: 'unpaid' }),
      expect.objectContaining({ from: 'pending', to: 'processing' }),
      expect.objectContaining({ from: 'processing', to: 'completed', payment_status: 'paid' }),
    ]);
    expect(read.credit_notes).toEqual([]);

    await t.db.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, order.id));
    const context = { seller: t.config.seller, issuedAt: new Date() };
    const issued = await t.db.transaction((tx) => issueCreditNote(tx, order.id, context));
    if (issued.kind !== 'issued') throw new Error(`expected a credit note, got ${issued.kind}`);
    const after = (await getAs(t.app, alice, `${ORDERS}/${order.id}`)).json<{
      order: { credit_notes: Array<Record<string, string>> };
    }>().order;
    expect(after.credit_notes).toEqual([
      {
        number: issued.creditNote.number,
        issued_at: issued.creditNote.issuedAt.toISOString(),
        url: `${ORDERS}/${order.id}/credit-notes/${issued.creditNote.number}`,
        total: expect.stringMatching(/^-?\d+\.\d{2}$/) as unknown,
      },
    ]);
    const pdf = await getAs(t.app, alice, after.credit_notes[0]!.url!);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const documents = (await getAs(t.app, alice, INVOICES)).json<ListAnswer>().documents;
    expect(documents.map((document) => document.kind)).toEqual(['credit_note', 'invoice']);
    expect(documents[1]).toMatchObject({
      order_id: order.id,
      order_number: order.order_number,
      total: order.total,
      currency: 'EUR',
      url: `${ORDERS}/${order.id}/invoice`,
    });

    const mallory = await buyer(t.app);
    expect((await getAs(t.app, mallory, `${ORDERS}/${order.id}`)).statusCode).toBe(404);
    expect((await getAs(t.app, mallory, INVOICES)).json<ListAnswer>().documents).toEqual([]);
    expect((await getAs(t.app, mallory, ORDERS)).json<ListAnswer>().orders).toEqual([]);
  });
});

describe('a licence’s domains', () => {
  it('replaces the list, normalised and within the limit', async () => {
    const alice = await buyer(t.app);
    const { licences } = await buyLicences(t.app, t.db, alice, t.pro.id);
    const licence = licences[0]!;
    const res = await putDomains(alice, licence.id, [
      'https://WWW.Atelier-Martin.fr/shop',
      'atelier-martin.fr',
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json<LicenceAnswer>()).toMatchObject({
      success: true,
      license: { id: licence.id, domains: ['atelier-martin.fr'] },
    });

    const tooMany = Array.from({ length: licence.domainLimit + 1 }, (_, i) => `site-${i}.fr`);
    const refused = await putDomains(alice, licence.id, tooMany);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<LicenceAnswer>()).toMatchObject({
      code: 'domain_limit_reached',
      message: expect.stringContaining(String(licence.domainLimit)) as unknown,
    });
    // Written for any number: no "domaine(s)".
    expect(refused.json<{ message: string }>().message).not.toContain('(s)');
    const invalid = await putDomains(alice, licence.id, ['not a domain']);
    expect(invalid.statusCode).toBe(400);
    const listed = (await getAs(t.app, alice, LICENSES)).json<LicenceAnswer>().licenses;
    expect(listed[0]?.domains).toEqual(['atelier-martin.fr']);
  });

  it('keeps a domain an active installation uses, and frees it once the installation is', async () => {
    const alice = await buyer(t.app);
    const { licences } = await buyLicences(t.app, t.db, alice, t.pro.id);
    const licence = licences[0]!;
    const activated = await callApi(t.app, 'activate', activation(licence.licenseKey));
    const instanceId = activated.json<LicenceAnswer>().instance!.id;
    const refused = await putDomains(alice, licence.id, ['autre-site.fr']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<LicenceAnswer>().code).toBe('domain_in_use');

    await t.app.inject({
      method: 'POST',
      url: `${LICENSES}/${licence.id}/instances/${instanceId}/deactivate`,
      headers: alice.headers,
      payload: {},
    });
    expect((await putDomains(alice, licence.id, ['autre-site.fr'])).statusCode).toBe(200);
    // The activation API reads the new list at once (no cached answer).
    const elsewhere = await callApi(t.app, 'validate', { license_key: licence.licenseKey });
    expect(elsewhere.json<LicenceAnswer>().license.domains).toEqual(['autre-site.fr']);
  });

  it('is refused to anyone else, without a session, and from another site', async () => {
    const alice = await buyer(t.app);
    const { licences } = await buyLicences(t.app, t.db, alice, t.pro.id);
    const licence = licences[0]!;
    const mallory = await buyer(t.app);
    expect((await putDomains(mallory, licence.id, ['evil.example'])).statusCode).toBe(404);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await putDomains(alice, id, ['a-site.fr'])).statusCode).toBe(404);
    }
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `${LICENSES}/${licence.id}/domains`,
      payload: { domains: ['a-site.fr'] },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await putDomains(alice, licence.id, ['evil.example'], {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    const listed = (await getAs(t.app, alice, LICENSES)).json<LicenceAnswer>().licenses;
    expect(listed[0]?.domains).toEqual(licence.domains);
  });
});

describe('a licence’s file', () => {
  it('is the signed state of the licence, as an attachment, to its owner only', async () => {
    const alice = await buyer(t.app);
    const { licences } = await buyLicences(t.app, t.db, alice, t.pro.id);
    const licence = licences[0]!;
    const res = await getAs(t.app, alice, `${LICENSES}/${licence.id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/jose');
    const prefix = licence.licenseKey.split('-').slice(0, 2).join('-');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="cadran-licence-${prefix}.jws"`,
    );
    const { payload } = await verifyLicenseFile(t.app, res.body);
    expect(payload).toMatchObject({
      sub: licence.licenseKey,
      valid: true,
      instance: null,
      license: { key: licence.licenseKey, status: 'active' },
    });

    const mallory = await buyer(t.app);
    expect((await getAs(t.app, mallory, `${LICENSES}/${licence.id}/file`)).statusCode).toBe(404);
    expect((await getAs(t.app, alice, `${LICENSES}/nope/file`)).statusCode).toBe(404);
    expect((await getAs(t.app, null, `${LICENSES}/${licence.id}/file`)).statusCode).toBe(401);
  });

  it('the owner’s list says what renewing costs', async () => {
    const listed = (await getAs(t.app, t.alice, LICENSES)).json<LicenceAnswer>().licenses;
    for (const licence of listed) {
      expect(licence.renewal_price).toMatch(/^\d+\.\d{2}$/);
    }
  });
});
