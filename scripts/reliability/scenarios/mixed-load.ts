import { TransportError, type Stats } from '../lib/http';
import type { Ledger } from '../lib/ledger';
import {
  browse,
  contact,
  decideSandbox,
  login,
  newOrderRequest,
  orderOf,
  placeOrder,
  readOrder,
  register,
  sandboxPaymentId,
  type Customer,
  type OrderRequest,
} from '../lib/store';

/**
 * Mixed load (docs/quality.md 'Reliability'): virtual visitors browse the catalogue, create
 * accounts, sign in, order (a share of orders retried with the same Idempotency-Key, one after the
 * other and two at once), read their orders back and write to support, until the deadline. Every
 * order answer lands in the ledger; every 5xx and transport failure is reported.
 */

export interface LoadOptions {
  base: string;
  stats: Stats;
  ledger: Ledger;
  templates: readonly number[];
  durationMs: number;
  users: number;
  withPages: boolean;
  /** Orders only (the crash scenario); otherwise the full mix. */
  ordersOnly?: boolean;
  /** Stops the visitors early (the crash scenario kills the server under them). */
  signal?: AbortSignal;
  /** Order requests sent and not yet answered, by key: the crash scenario sends them again. */
  inFlight?: Map<string, { customer: Customer; request: OrderRequest }>;
}

/**
 * Order requests per account, replays included, kept below the per-account limit of order
 * creation (30 per 15 minutes, rounds send at most 2): the visitor opens a new account then.
 */
const ORDER_REQUESTS_PER_ACCOUNT = 27;

/**
 * Sign-ins per account, below the per-e-mail limit (10 per 15 minutes): a visitor who would
 * sign in more often opens a new account, as with orders. A faster server gets more rounds
 * into the same minute, so without this a long-lived account could reach the limit.
 */
const LOGINS_PER_ACCOUNT = 9;

let sequence = 0;
const next = () => (sequence += 1);

async function orderRound(o: LoadOptions, customer: Customer): Promise<void> {
  const seq = next();
  const request = newOrderRequest(o.templates, seq);
  const mode = Math.floor(Math.random() * 10);
  customer.ordersPlaced += mode <= 2 ? 2 : 1;
  o.inFlight?.set(request.key, { customer, request });
  // 10% concurrent twins (a double click), 20% a retry after the answer (a timed-out browser).
  const attempts =
    mode === 0
      ? await Promise.all([
          placeOrder(o.stats, 'order (twin)', o.base, customer, request),
          placeOrder(o.stats, 'order (twin)', o.base, customer, request),
        ])
      : [await placeOrder(o.stats, 'order', o.base, customer, request)];
  if (mode === 1 || mode === 2)
    attempts.push(await placeOrder(o.stats, 'order (retry)', o.base, customer, request));
  o.inFlight?.delete(request.key);
  for (const answer of attempts) {
    if (answer.status === 201) o.ledger.acknowledge(customer, request.key, orderOf(answer));
    else if (answer.status !== 429)
      o.stats.fail(`order answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  }
  const created = attempts.find((answer) => answer.status === 201);
  const paymentId = created ? sandboxPaymentId(created) : undefined;
  // Most card and PayPal buyers pay on the sandbox page; some decline, some walk away.
  const roll = Math.random();
  if (created && paymentId && roll < 0.8) {
    const decision = roll < 0.65 ? 'pay' : 'decline';
    const answer = await decideSandbox(o.stats, o.base, customer, paymentId, decision);
    if (answer.status === 200) o.ledger.decided(orderOf(created).id, decision);
    else
      o.stats.fail(`sandbox ${decision} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  }
  if (created && Math.random() < 0.25) {
    const read = await readOrder(o.stats, o.base, customer, orderOf(created).id);
    if (read.status !== 200) o.stats.fail(`read back answered ${read.status}`);
  }
}

async function visitor(o: LoadOptions, deadline: number): Promise<void> {
  let customer: Customer | undefined;
  while (Date.now() < deadline && !o.signal?.aborted) {
    try {
      if (
        !customer ||
        customer.ordersPlaced >= ORDER_REQUESTS_PER_ACCOUNT ||
        customer.logins >= LOGINS_PER_ACCOUNT
      ) {
        const { answer, customer: created } = await register(o.stats, o.base);
        if (!created) {
          o.stats.fail(`register answered ${answer.status}: ${answer.text.slice(0, 200)}`);
          continue;
        }
        customer = created;
        continue;
      }
      const roll = Math.floor(Math.random() * 20);
      if (o.ordersOnly || roll < 8) await orderRound(o, customer);
      else if (roll < 14) await browse(o.stats, o.base, o.withPages);
      else if (roll < 16) {
        const answer = await login(o.stats, o.base, customer);
        if (answer.status !== 200) o.stats.fail(`login answered ${answer.status}`);
      } else if (roll < 18) {
        const answer = await contact(o.stats, o.base, next());
        if (answer.status !== 200)
          o.stats.fail(`contact answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      } else {
        customer = undefined;
      }
    } catch (error) {
      if (o.signal?.aborted) return;
      if (error instanceof TransportError) o.stats.fail(`transport: ${error.reason}`);
      else throw error;
    }
  }
}

export async function runMixedLoad(o: LoadOptions): Promise<void> {
  const deadline = Date.now() + o.durationMs;
  await Promise.all(Array.from({ length: o.users }, () => visitor(o, deadline)));
}
