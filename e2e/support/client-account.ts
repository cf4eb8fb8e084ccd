import { expect, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { findOutboxMail } from './outbox';
import { billingAddress, registrationBody, type RegistrationDetails } from './registration';

/**
 * Steps the journeys repeat through the API with the page's own cookies: an account, an order
 * placed as the checkout places it, its card payment decided on the sandbox, and the links the
 * account's mails carry.
 */

export const E2E_PASSWORD = 'Cadran-Sablier-2026';

/** Writes from the page's origin, as the site's own scripts send them (the CSRF check). */
const sameOrigin = { origin: baseURL, 'content-type': 'application/json' };

/** Another server than the journeys' own, another buyer than the sample one. */
export interface SignUpOptions {
  origin?: string;
  details?: RegistrationDetails;
}

/** A new account signed in on `page`; answers its e-mail address. */
export async function signUpThroughApi(
  page: Page,
  lang: 'fr' | 'en',
  tag: string,
  { origin = '', details }: SignUpOptions = {},
): Promise<string> {
  const email = `e2e.${tag}.${lang}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
  const res = await page.request.post(`${origin}/api/v1/website/auth/register`, {
    headers: { 'accept-language': lang },
    data: registrationBody(email, E2E_PASSWORD, details),
  });
  expect(res.status()).toBe(201);
  return email;
}

interface PlacedOrder {
  order: { id: string; order_number: string };
  payment_url: string | null;
}

/** Where and what else an order placed through the API asks (another server, a cycle, renewal). */
export interface OrderOptions {
  origin?: string;
  cycle?: string;
  autoRenew?: boolean;
}

/** Places an order of the Pro licence on `domain` and answers it with its payment address. */
export async function placeOrderThroughApi(
  page: Page,
  method: 'stripe' | 'bank_transfer',
  domain = 'atelier-martin.fr',
  { origin = baseURL, cycle, autoRenew }: OrderOptions = {},
): Promise<PlacedOrder> {
  const templates = (await (
    await page.request.get(`${origin}/api/v1/website/templates`)
  ).json()) as {
    templates: Array<{ id: number; name: string; billing_cycle: string }>;
  };
  const pro = templates.templates.find(
    (template) => template.name === 'Pro' && (!cycle || template.billing_cycle === cycle),
  );
  expect(pro).toBeDefined();
  const res = await page.request.post(`${origin}/api/v1/website/orders`, {
    headers: { ...sameOrigin, origin },
    data: {
      ...(autoRenew ? { auto_renew: true } : {}),
      items: [
        {
          template_id: pro!.id,
          quantity: 1,
          customizations: {
            primary_domain: domain,
            additional_domains_list: [],
            extra_domains: 0,
            extra_installations: 0,
          },
        },
      ],
      billing_address: billingAddress(),
      payment_method: method,
      notes: '',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as PlacedOrder;
}

/** Decides an order's card payment on the sandbox through its API: paid, or declined. */
async function decideOnSandboxThroughApi(
  page: Page,
  paymentUrl: string | null,
  decision: 'pay' | 'decline',
): Promise<void> {
  const id = /(?:\/en)?\/store\/pay\/sandbox\/([0-9a-f-]{36})$/.exec(paymentUrl ?? '')?.[1];
  expect(id).toBeDefined();
  const res = await page.request.post(`/api/v1/website/payments/sandbox/${id}`, {
    headers: sameOrigin,
    data: { decision },
  });
  expect(res.status()).toBe(200);
}

/** Pays an order's card payment on the sandbox through its API. */
export const payOnSandboxThroughApi = (page: Page, paymentUrl: string | null) =>
  decideOnSandboxThroughApi(page, paymentUrl, 'pay');

/** Declines an order's card payment on the sandbox through its API: the order fails. */
export const declineOnSandboxThroughApi = (page: Page, paymentUrl: string | null) =>
  decideOnSandboxThroughApi(page, paymentUrl, 'decline');

/**
 * The address of the link to `linkPath` (`/client/reset-password`) with its token, in the mail
 * the e2e server sent to `address`, as a path of this site.
 */
export async function mailedLinkPath(address: string, linkPath: string): Promise<string> {
  const mail = await findOutboxMail(`To: ${address}`, `${linkPath}?token=`);
  const link = new RegExp(`${linkPath}\\?token=[A-Za-z0-9_%.-]+`).exec(mail)?.[0];
  expect(link, `a ${linkPath} link in the mail to ${address}`).toBeDefined();
  return link!;
}
