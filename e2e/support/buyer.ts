import { expect, type APIRequestContext } from '@playwright/test';
import { billingAddress, registrationBody } from './registration';

/** A buyer who registered and ordered a licence, through the site's API. */
export interface TransferOrder {
  email: string;
  token: string;
  orderId: string;
  orderNumber: string;
}

/** An order to pay by bank transfer, on `atelier-<stamp>.fr`. */
export const placeTransferOrder = (request: APIRequestContext, url: string, stamp: string) =>
  placeOrder(request, url, stamp, 'bank_transfer');

/**
 * An order paid by card on the payment sandbox (the server's own test payments, outside
 * production): the real fulfilment runs, the licence is issued.
 */
export async function placeSandboxPaidOrder(
  request: APIRequestContext,
  url: string,
  stamp: string,
): Promise<TransferOrder> {
  const order = await placeOrder(request, url, stamp, 'stripe');
  const paymentId = /\/sandbox\/([0-9a-f-]{36})$/.exec(order.paymentUrl ?? '')?.[1];
  expect(paymentId, `no sandbox payment address: ${order.paymentUrl}`).toBeDefined();
  const paid = await request.post(`${url}/api/v1/website/payments/sandbox/${paymentId}`, {
    headers: { origin: url, authorization: `Bearer ${order.token}` },
    data: { decision: 'pay' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return order;
}

async function placeOrder(
  request: APIRequestContext,
  url: string,
  stamp: string,
  method: 'bank_transfer' | 'stripe',
): Promise<TransferOrder & { paymentUrl: string | null }> {
  // Same-origin headers keep the CSRF guard satisfied, as the site's own pages would.
  const headers = { origin: url };
  const email = `acheteur.${stamp}@exemple.fr`;
  const registered = await request.post(`${url}/api/v1/website/auth/register`, {
    headers,
    data: registrationBody(email, 'Sablier-Horloge-42'),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as { token: string };

  const templates = await request.get(`${url}/api/v1/website/templates`);
  const [template] = ((await templates.json()) as { templates: { id: number }[] }).templates;
  if (!template) throw new Error('the catalogue has no template');

  const placed = await request.post(`${url}/api/v1/website/orders`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: {
      items: [
        {
          template_id: template.id,
          quantity: 1,
          customizations: {
            primary_domain: `atelier-${stamp}.fr`,
            additional_domains_list: [],
            extra_domains: 0,
            extra_installations: 0,
          },
        },
      ],
      billing_address: billingAddress(email),
      payment_method: method,
      notes: '',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const body = (await placed.json()) as {
    order?: { id: string; order_number: string };
    payment_url?: string | null;
  };
  if (!body.order) throw new Error(`unexpected order answer: ${JSON.stringify(body)}`);
  return {
    email,
    token,
    orderId: body.order.id,
    orderNumber: body.order.order_number,
    paymentUrl: body.payment_url ?? null,
  };
}
