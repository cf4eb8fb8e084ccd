import { randomUUID } from 'node:crypto';
import { call, nextVisitorIp, type Answer, type Stats } from './http';

/**
 * What a customer does on the site, as API calls: browse the catalogue, create an account,
 * sign in, order, read the order back, write to support. Each returns the raw answer; the
 * scenarios decide what counts as a failure.
 */

export interface Customer {
  email: string;
  password: string;
  token: string;
  userId: string;
  ip: string;
  ordersPlaced: number;
  /** Sign-ins made with this account (the server limits them per e-mail). */
  logins: number;
}

export interface OrderRequest {
  key: string;
  body: Record<string, unknown>;
}

export interface OrderAnswer {
  id: string;
  status: string;
  payment_status: string;
  order_number: string;
  total: string;
  subtotal: string;
  items: unknown[];
  payment_method: string;
}

const PAYMENT_METHODS = ['bank_transfer', 'stripe', 'paypal'] as const;

export async function templateIds(base: string): Promise<number[]> {
  const res = await call(null, 'setup', base, 'GET', '/api/v1/website/templates');
  const templates = res.body.templates as Array<{ id: number }> | undefined;
  if (res.status !== 200 || !templates?.length)
    throw new Error(`no templates: ${res.status} ${res.text.slice(0, 200)}`);
  return templates.map((template) => template.id);
}

export async function browse(stats: Stats, base: string, withPages: boolean): Promise<Answer[]> {
  const paths = [
    '/api/v1/website/templates',
    '/api/v1/website/templates/featured',
    '/website/templates/featured',
    '/api/v1/website/roadmap',
    '/api/v1/website/payment-methods',
    ...(withPages ? ['/', '/pricing'] : []),
  ];
  const ip = nextVisitorIp();
  return Promise.all(
    paths.map((path) =>
      call(
        stats,
        `browse ${path.startsWith('/api') || path.startsWith('/website') ? 'api' : 'page'}`,
        base,
        'GET',
        path,
        { ip },
      ),
    ),
  );
}

export async function register(
  stats: Stats,
  base: string,
): Promise<{ answer: Answer; customer?: Customer }> {
  const email = `charge.${randomUUID()}@exemple.fr`;
  const password = `Charge-${randomUUID().slice(0, 8)}-Mot`;
  const ip = nextVisitorIp();
  const answer = await call(stats, 'register', base, 'POST', '/api/v1/website/auth/register', {
    ip,
    body: {
      firstname: 'Camille',
      lastname: 'Durand',
      email,
      company: 'Atelier Durand',
      phone: '+33 6 12 34 56 78',
      address: '3 place Bellecour',
      postal_code: '69002',
      city: 'Lyon',
      country: 'FR',
      password,
    },
  });
  if (answer.status !== 201) return { answer };
  const user = answer.body.user as { id: string };
  return {
    answer,
    customer: {
      email,
      password,
      token: String(answer.body.token),
      userId: user.id,
      ip,
      ordersPlaced: 0,
      logins: 0,
    },
  };
}

export async function login(stats: Stats, base: string, customer: Customer): Promise<Answer> {
  customer.logins += 1;
  const answer = await call(stats, 'login', base, 'POST', '/api/v1/website/auth/login', {
    ip: customer.ip,
    body: { email: customer.email, password: customer.password, remember: true },
  });
  if (answer.status === 200) customer.token = String(answer.body.token);
  return answer;
}

export function newOrderRequest(templates: readonly number[], seq: number): OrderRequest {
  const templateId = templates[seq % templates.length] ?? templates[0] ?? 1;
  return {
    key: randomUUID(),
    body: {
      items: [
        {
          template_id: templateId,
          quantity: 1 + (seq % 3),
          customizations: {
            primary_domain: `client-${seq}.exemple.fr`,
            additional_domains_list: [],
            extra_domains: seq % 2,
            extra_installations: seq % 3,
          },
        },
        ...(seq % 4 === 0
          ? [
              {
                template_id: templates[(seq + 1) % templates.length] ?? templateId,
                quantity: 1,
                customizations: { primary_domain: `second-${seq}.exemple.fr` },
              },
            ]
          : []),
      ],
      billing_address: {
        first_name: 'Camille',
        last_name: 'Durand',
        company: 'Atelier Durand',
        email: 'camille.durand@exemple.fr',
        phone: '+33 6 12 34 56 78',
        address_line_1: '3 place Bellecour',
        address_line_2: '',
        city: 'Lyon',
        postal_code: '69002',
        country: seq % 5 === 0 ? 'BE' : 'FR',
        vat_number: '',
      },
      payment_method: PAYMENT_METHODS[seq % PAYMENT_METHODS.length],
      notes: seq % 3 === 0 ? `Commande de charge n°${seq}` : '',
    },
  };
}

export function placeOrder(
  stats: Stats,
  action: string,
  base: string,
  customer: Customer,
  request: OrderRequest,
): Promise<Answer> {
  return call(stats, action, base, 'POST', '/api/v1/website/orders', {
    ip: customer.ip,
    token: customer.token,
    body: request.body,
    headers: { 'idempotency-key': request.key },
  });
}

export const orderOf = (answer: Answer): OrderAnswer => answer.body.order as OrderAnswer;

/** The sandbox payment an order answer sends the browser to, if any. */
export const sandboxPaymentId = (answer: Answer): string | undefined =>
  /^\/store\/pay\/sandbox\/([0-9a-f-]{36})$/.exec(
    typeof answer.body.payment_url === 'string' ? answer.body.payment_url : '',
  )?.[1];

/** What the buyer clicks on the sandbox page: the real fulfilment runs behind it. */
export function decideSandbox(
  stats: Stats,
  base: string,
  customer: Customer,
  paymentId: string,
  decision: 'pay' | 'decline',
  timeoutMs?: number,
): Promise<Answer> {
  return call(
    stats,
    `sandbox ${decision}`,
    base,
    'POST',
    `/api/v1/website/payments/sandbox/${paymentId}`,
    {
      ip: customer.ip,
      token: customer.token,
      body: { decision },
      ...(timeoutMs ? { timeoutMs } : {}),
    },
  );
}

export function readOrder(
  stats: Stats,
  base: string,
  customer: Customer,
  id: string,
): Promise<Answer> {
  return call(stats, 'read order', base, 'GET', `/api/v1/website/orders/${id}`, {
    ip: customer.ip,
    token: customer.token,
  });
}

export function contact(stats: Stats, base: string, seq: number): Promise<Answer> {
  // One message per address: the per-address limit (5 per 10 minutes) stays out of the way.
  return call(stats, 'contact', base, 'POST', '/api/v1/website/contact', {
    body: {
      name: 'Dominique Leroy',
      email: `visiteur.${seq}@exemple.fr`,
      company: '',
      subject: (['information', 'demo', 'support', 'partnership', 'other'] as const)[seq % 5],
      message: `Bonjour, je souhaite en savoir plus sur les licences Cadran (message ${seq}).`,
    },
  });
}

/** Runs `task(i, server)` for i below `count`, server `i mod n`: one lane per server. */
async function inLanes(
  servers: readonly string[],
  count: number,
  task: (i: number, server: string) => Promise<void>,
): Promise<void> {
  await Promise.all(
    servers.map(async (server, lane) => {
      for (let i = lane; i < count; i += servers.length) await task(i, server);
    }),
  );
}

export interface PlacedCardOrder {
  server: string;
  customer: Customer;
  paymentId: string;
}

/**
 * `buyers` new accounts each place one card order, taking the servers in turn; `autoRenew`
 * ticks automatic renewal. Each server serves its buyers one after another while the other
 * serves its own (two visitors at a time, as on two cores). Resolves with the orders awaiting
 * their payment on the sandbox page, in buyer order, and the problems met.
 */
export async function placeCardOrders(o: {
  stats: Stats;
  servers: readonly string[];
  templates: readonly number[];
  buyers: number;
  autoRenew?: boolean;
}): Promise<{ placed: PlacedCardOrder[]; problems: string[] }> {
  const problems: string[] = [];
  const placed: Array<PlacedCardOrder | undefined> = [];
  await inLanes(o.servers, o.buyers, async (i, server) => {
    const { customer } = await register(o.stats, server);
    if (!customer) return;
    const request = newOrderRequest(o.templates, i);
    request.body.payment_method = 'stripe';
    if (o.autoRenew) request.body.auto_renew = true;
    const answer = await placeOrder(o.stats, 'order', server, customer, request);
    const paymentId = sandboxPaymentId(answer);
    if (paymentId) placed[i] = { server, customer, paymentId };
    else problems.push(`order answered ${answer.status} without a sandbox payment`);
  });
  return { placed: placed.filter((order) => order !== undefined), problems };
}

/** As placeCardOrders, then each order paid on the sandbox page. Resolves with the problems met. */
export async function buyPaidCardOrders(o: {
  stats: Stats;
  servers: readonly string[];
  templates: readonly number[];
  buyers: number;
  autoRenew?: boolean;
}): Promise<string[]> {
  const { placed, problems } = await placeCardOrders(o);
  // One payment at a time: payments at once on the invoice counter are another scenario's
  // subject (simultaneous-payments.ts), with its own time limit.
  for (const order of placed) {
    const paid = await decideSandbox(o.stats, order.server, order.customer, order.paymentId, 'pay');
    if (paid.status !== 200) problems.push(`sandbox pay answered ${paid.status}`);
  }
  return problems;
}
