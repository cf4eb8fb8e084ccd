import type { OrderAnswer } from './store';

/**
 * What the clients were told: every order acknowledged with a 2xx, under which idempotency
 * key and account. After the run the database must hold each of them exactly once, and every
 * answer given for one key must name the same order: zero orders lost or duplicated.
 */

export interface AcknowledgedOrder {
  id: string;
  number: string;
  userId: string;
  /** The owner's session when it was answered, to read the order back later. */
  token: string;
  key: string;
  itemCount: number;
  totalCents: number;
  subtotalCents: number;
}

const cents = (amount: string): number => Math.round(Number(amount) * 100);

export class Ledger {
  readonly orders = new Map<string, AcknowledgedOrder>();
  private readonly byKey = new Map<string, string>();
  readonly conflicts: string[] = [];
  /** Answers that named an order already acknowledged (replays and concurrent twins). */
  replays = 0;
  /** Sandbox decisions the server acknowledged, by order id. */
  readonly decisions = new Map<string, 'pay' | 'decline'>();

  decided(orderId: string, decision: 'pay' | 'decline'): void {
    const earlier = this.decisions.get(orderId);
    if (earlier !== undefined && earlier !== decision) {
      this.conflicts.push(`order ${orderId} acknowledged as both ${earlier} and ${decision}`);
    }
    this.decisions.set(orderId, decision);
  }

  acknowledge(owner: { userId: string; token: string }, key: string, order: OrderAnswer): void {
    const { userId, token } = owner;
    const scoped = `${userId}/${key}`;
    const earlier = this.byKey.get(scoped);
    if (earlier !== undefined && earlier !== order.id) {
      this.conflicts.push(`key ${key} answered with orders ${earlier} and ${order.id}`);
    }
    if (earlier !== undefined || this.orders.has(order.id)) this.replays += 1;
    this.byKey.set(scoped, order.id);
    if (!this.orders.has(order.id)) {
      this.orders.set(order.id, {
        id: order.id,
        number: order.order_number,
        userId,
        token,
        key,
        itemCount: order.items.length,
        totalCents: cents(order.total),
        subtotalCents: cents(order.subtotal),
      });
    }
  }

  get size(): number {
    return this.orders.size;
  }
}
