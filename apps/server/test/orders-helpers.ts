import { sampleOrderItem } from '@cadran/domain/sample-buyer';
import { validBilling } from '@cadran/domain/test-fixtures';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/client';
import { licenseTemplates } from '../src/db/schema/catalog';
import { nextIp, register, sameOrigin, sessionCookie } from './auth-helpers';
import { buildTestApp, suiteFixture, type TestApp, type TestAppOptions } from './helper';

/** Shared requests and payloads of the order suites. */

export const ORDERS = '/api/v1/website/orders';

export interface SeededTemplate {
  id: number;
  priceCents: number;
  setupFeeCents: number;
  renewalPriceCents: number;
  domainLimit: number;
  name: string;
  nameEn: string;
}

/** A seeded template by its seed key ('pro-annually', 'agence-monthly', 'solo-annually'...). */
export async function template(db: Database, seedKey: string): Promise<SeededTemplate> {
  const [row] = await db
    .select()
    .from(licenseTemplates)
    .where(eq(licenseTemplates.seedKey, seedKey))
    .limit(1);
  if (!row) throw new Error(`No seeded template ${seedKey}`);
  return row;
}

/** The shared test buyer's billing address (packages/domain/src/test-fixtures.ts), amended. */
export const billing = (overrides: Record<string, unknown> = {}) => ({
  ...validBilling,
  ...overrides,
});

/** A Belgian company's billing, with a VAT number the VIES stand-in is told about. */
export const belgianBilling = () =>
  billing({
    company: 'Horlogerie Dumont SPRL',
    address_line_1: 'Rue Neuve 12',
    city: 'Bruxelles',
    postal_code: '1000',
    country: 'BE',
    vat_number: 'BE 0403.170.701',
  });

export const item = (templateId: number, overrides: Record<string, unknown> = {}) => ({
  ...sampleOrderItem(templateId),
  ...overrides,
});

export const orderBody = (
  items: unknown[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> => ({
  items,
  billing_address: billing(),
  payment_method: 'bank_transfer',
  notes: '',
  ...overrides,
});

/** A signed-in client: the session token and the headers of a page of our own origin. */
export interface Buyer {
  token: string;
  userId: string;
  /** The account's address: where the shop writes about its orders. */
  email: string;
  headers: Record<string, string>;
}

export async function buyer(app: FastifyInstance): Promise<Buyer> {
  const { body } = await register(app);
  return {
    token: body.token,
    userId: body.user.id,
    email: body.user.email,
    headers: { ...sessionCookie(body.token), ...sameOrigin(app) },
  };
}

/** What an order or payment suite works on: an app of its own and a signed-in client. */
export interface Shop extends TestApp {
  alice: Buyer;
  /** The seeded templates the suites order. */
  pro: SeededTemplate;
  agence: SeededTemplate;
}

export async function openShop(options: TestAppOptions = {}): Promise<Shop> {
  const t = await buildTestApp(options);
  return {
    ...t,
    alice: await buyer(t.app),
    pro: await template(t.db, 'pro-annually'),
    agence: await template(t.db, 'agence-monthly'),
  };
}

/** The shop of the enclosing describe block (see suiteFixture). */
export const shopSuite = (options: TestAppOptions = {}): Shop =>
  suiteFixture(() => openShop(options));

export function placeOrder(
  app: FastifyInstance,
  who: Buyer | null,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: ORDERS,
    remoteAddress: nextIp(),
    headers: { ...(who?.headers ?? sameOrigin(app)), ...headers },
    payload: payload as Record<string, unknown>,
  });
}

export function cancelOrder(
  app: FastifyInstance,
  who: Buyer | null,
  orderId: string,
  payload: unknown = {},
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${ORDERS}/${orderId}/cancel`,
    headers: { ...(who?.headers ?? sameOrigin(app)), ...headers },
    payload: payload as Record<string, unknown>,
  });
}

export const getAs = (app: FastifyInstance, who: Buyer | null, url: string) =>
  app.inject({ method: 'GET', url, headers: who ? sessionCookie(who.token) : {} });

export interface OrderAnswer {
  id: string;
  order_number: string;
  status: string;
  payment_status: string;
  payment_method: string;
  created_at: string;
  subtotal: string;
  tax_rate: string;
  tax_amount: string;
  total: string;
  notes?: string;
  items: Array<{
    id: string;
    template: { id: number; name: string; domain_limit: number };
    quantity: number;
    unit_price: string;
    total_price: string;
    customizations: {
      primary_domain: string;
      additional_domains_list: string[];
      extra_domains: number;
      extra_installations: number;
    };
  }>;
  billing_address: Record<string, string>;
  delivery_address?: Record<string, string> | null;
  lines: unknown[];
  discount: string;
  taxable: string;
  tax: string;
  reverse_charge: boolean;
  mention?: string;
  tax_kind?: string;
  promo_code?: string;
  vat_number_status: string;
  invoice: { number: string; issued_at: string; url: string } | null;
}

export const orderOf = (res: LightMyRequestResponse) =>
  res.json<{ success: boolean; order: OrderAnswer; payment_url: string | null; message: string }>();
