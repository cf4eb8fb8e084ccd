import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/**
 * The part of the local Stripe stand-in (fake-providers.ts) that keeps customers and saved
 * methods: customers made, PaymentIntents and SetupIntents read back with their expansions, and
 * off-session PaymentIntents confirmed at once, answered as Stripe answers them (a card error
 * with a 402 for a decline or a bank asking for its customer), a repeated idempotency key
 * answering the first outcome. The tests say what each method does when charged.
 */

type Json = Record<string, unknown>;

/** What a saved method does when charged off-session. */
export type FakeChargeBehaviour = 'succeeds' | 'declines' | 'requires_action' | 'processing';

interface Answer {
  status: number;
  body: Json;
}

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

export class FakeStripeIntents {
  private readonly methods = new Map<string, { object: Json; behaviour: FakeChargeBehaviour }>();
  private readonly paymentIntents = new Map<string, Json>();
  private readonly setupIntents = new Map<string, Json>();
  private readonly byKey = new Map<string, Answer>();
  /** Off-session charges actually made (a replayed key is not one). */
  readonly charges: Json[] = [];

  /** A PaymentMethod of `customer`: a Visa card ending 4242, or a German IBAN ending 3000. */
  addMethod(type: 'card' | 'sepa_debit', customer: string, behaviour: FakeChargeBehaviour) {
    const pm = id('pm_');
    const details =
      type === 'card'
        ? { card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } }
        : { sepa_debit: { country: 'DE', last4: '3000', bank_code: '37040044' } };
    this.methods.set(pm, {
      object: { id: pm, object: 'payment_method', type, customer, ...details },
      behaviour,
    });
    return pm;
  }

  /** The PaymentIntent of a Checkout payment that saved `pm`, with its charge's mandate. */
  addPaidIntent(pm: string, customer: string, amount: number, mandate: string | null = null) {
    const pi = id('pi_');
    const type = (this.methods.get(pm)?.object.type as string | undefined) ?? 'card';
    this.paymentIntents.set(pi, {
      id: pi,
      object: 'payment_intent',
      status: 'succeeded',
      amount,
      amount_received: amount,
      currency: 'eur',
      customer,
      payment_method: pm,
      payment_method_types: [type],
      setup_future_usage: 'off_session',
      latest_charge: {
        id: id('ch_'),
        object: 'charge',
        payment_method_details: { type, ...(mandate ? { [type]: { mandate } } : {}) },
      },
    });
    return pi;
  }

  /** The SetupIntent of a Checkout Session in setup mode that saved `pm`. */
  addSetupIntent(pm: string, customer: string, mandate: string | null = null) {
    const seti = id('seti_');
    this.setupIntents.set(seti, {
      id: seti,
      object: 'setup_intent',
      status: 'succeeded',
      usage: 'off_session',
      customer,
      payment_method: pm,
      mandate,
    });
    return seti;
  }

  /** Answers the request if it is one of this part's, and says whether it was. */
  handle(
    method: string,
    url: URL,
    params: Json,
    key: string | undefined,
    response: ServerResponse,
  ): boolean {
    const path = url.pathname;
    const expand = [...url.searchParams.entries()]
      .filter(([name]) => name.startsWith('expand'))
      .map(([, value]) => value);
    if (path === '/v1/customers' && method === 'POST') {
      return this.once(key, response, () => ({
        status: 200,
        body: { id: id('cus_'), object: 'customer', email: params.email },
      }));
    }
    const read = /^\/v1\/(payment_intents|setup_intents)\/([^/]+)$/.exec(path);
    if (read && method === 'GET') {
      const store = read[1] === 'payment_intents' ? this.paymentIntents : this.setupIntents;
      const found = store.get(read[2] ?? '');
      if (!found) {
        send(response, {
          status: 404,
          body: stripeError('invalid_request_error', 'No such intent'),
        });
        return true;
      }
      const expanded = { ...found };
      if (expand.includes('payment_method')) {
        expanded.payment_method = this.methods.get(String(found.payment_method))?.object ?? null;
      }
      if (!expand.includes('latest_charge') && typeof found.latest_charge === 'object') {
        expanded.latest_charge = (found.latest_charge as Json).id;
      }
      send(response, { status: 200, body: expanded });
      return true;
    }
    if (path === '/v1/payment_intents' && method === 'POST') {
      return this.once(key, response, () => this.charge(params));
    }
    return false;
  }

  private once(key: string | undefined, response: ServerResponse, make: () => Answer): boolean {
    const answer = (key && this.byKey.get(key)) || make();
    if (key) this.byKey.set(key, answer);
    send(response, answer);
    return true;
  }

  private charge(params: Json): Answer {
    const saved = this.methods.get(String(params.payment_method));
    if (!saved || saved.object.customer !== params.customer) {
      return { status: 400, body: stripeError('invalid_request_error', 'No such PaymentMethod') };
    }
    if (params.off_session !== 'true' || params.confirm !== 'true') {
      return { status: 400, body: stripeError('invalid_request_error', 'Expected off_session') };
    }
    const pi = id('pi_');
    const intent = {
      id: pi,
      object: 'payment_intent',
      amount: Number(params.amount),
      currency: params.currency,
      customer: params.customer,
      payment_method: params.payment_method,
      payment_method_types: [saved.object.type],
      metadata: params.metadata ?? {},
    };
    this.charges.push({ ...intent, params });
    switch (saved.behaviour) {
      case 'succeeds':
        return {
          status: 200,
          body: { ...intent, status: 'succeeded', amount_received: intent.amount },
        };
      case 'processing':
        return { status: 200, body: { ...intent, status: 'processing', amount_received: 0 } };
      default: {
        const code = saved.behaviour === 'declines' ? 'card_declined' : 'authentication_required';
        const status =
          saved.behaviour === 'declines' ? 'requires_payment_method' : 'requires_action';
        return {
          status: 402,
          body: {
            error: {
              ...stripeError('card_error', 'Your card was declined.').error,
              code,
              ...(code === 'card_declined' ? { decline_code: 'generic_decline' } : {}),
              payment_intent: { ...intent, status },
            },
          },
        };
      }
    }
  }
}

const stripeError = (type: string, message: string) => ({ error: { type, message } });

function send(response: ServerResponse, { status, body }: Answer) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
