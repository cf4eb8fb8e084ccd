import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import { orders } from '../../db/schema/orders';
import { OPEN_PAYMENT_ATTEMPT_STATUSES, payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import type { MailRecipient } from '../order-mail/recipient';
import type { PaymentRow } from './payment-records';
import type { OrderRow } from '../orders/repository';
import type { PaymentProviderName } from './provider';

export type { PaymentRow };

/** Written in the transaction that opens an attempt, with the attempt just written. */
export type AttemptFollowUp = (tx: Transaction, row: PaymentRow) => Promise<unknown>;

/** A payment with the order it pays for. */
export interface PaymentWithOrder {
  payment: PaymentRow;
  order: OrderRow;
}

/**
 * Database access of the payments module: an order's payment attempts, at most one of them
 * open (docs/decisions/020-payment-attempts-per-order.md).
 */
export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  /** The order's latest attempt, the one its payment state is about. */
  async findLatestForOrder(
    orderId: string,
    executor: Pick<Database, 'select'> = this.db,
  ): Promise<PaymentRow | undefined> {
    const [row] = await executor
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1);
    return row;
  }

  /** The order's open attempt ('created' or 'pending'), if any: there is at most one. */
  async findOpenForOrder(orderId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.orderId, orderId), inArray(payments.status, OPEN_PAYMENT_ATTEMPT_STATUSES)),
      )
      .limit(1);
    return row;
  }

  async findByReference(
    provider: PaymentProviderName,
    reference: string,
  ): Promise<PaymentWithOrder | undefined> {
    const [row] = await this.db
      .select({ payment: payments, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)))
      .limit(1);
    return row;
  }

  /** A payment as its owner may see it; anyone else, like an unknown id, gets nothing. */
  async findForUser(paymentId: string, userId: string): Promise<PaymentWithOrder | undefined> {
    const [row] = await this.db
      .select({ payment: payments, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.id, paymentId), eq(orders.userId, userId)))
      .limit(1);
    return row;
  }

  /**
   * Inserts an attempt in 'created'; the open-attempt index refuses it while another attempt
   * of the order is open (OPEN_ATTEMPT_INDEX).
   */
  async insertCreated(
    values: {
      orderId: string;
      provider: PaymentProviderName;
      amountCents: number;
      currency: string;
    },
    executor: Pick<Database, 'insert'> = this.db,
  ): Promise<PaymentRow> {
    const [row] = await executor.insert(payments).values(values).returning();
    if (!row) throw new Error('payment insert returned no row');
    return row;
  }

  /**
   * Writes an attempt already opened (a provider that opens without the network answered
   * before the row existed) and, in the same transaction, what must follow it (the job that
   * mails a transfer's instructions): both exist or neither. The open-attempt index refuses
   * it like insertCreated.
   */
  async insertOpened(
    values: {
      id: string;
      orderId: string;
      provider: PaymentProviderName;
      amountCents: number;
      currency: string;
    },
    opened: { reference: string; paymentUrl: string | null },
    followUp?: AttemptFollowUp,
  ): Promise<PaymentRow> {
    const insert = async (executor: Pick<Database, 'insert'>) => {
      const [row] = await executor
        .insert(payments)
        .values({
          ...values,
          status: 'pending',
          providerReference: opened.reference,
          paymentUrl: opened.paymentUrl,
        })
        .returning();
      if (!row) throw new Error('payment insert returned no row');
      return row;
    };
    if (!followUp) return insert(this.db);
    return this.db.transaction(async (tx) => {
      const row = await insert(tx);
      await followUp(tx, row);
      return row;
    });
  }

  /**
   * Stores what the provider answered and opens the payment, only if it is still 'created'
   * (a concurrent request may have done it first); undefined when it was not. The follow-up
   * runs in the same transaction, for the request that opened it only, so it happens once.
   */
  async open(
    paymentId: string,
    opened: { reference: string; paymentUrl: string | null },
    followUp?: AttemptFollowUp,
  ): Promise<PaymentRow | undefined> {
    const update = (db: Pick<Database, 'update'>) =>
      db
        .update(payments)
        .set({
          status: 'pending',
          providerReference: opened.reference,
          paymentUrl: opened.paymentUrl,
        })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')))
        .returning();
    if (!followUp) {
      // One statement is atomic on its own: no transaction round trips (card and PayPal).
      const [row] = await update(this.db);
      return row;
    }
    return this.db.transaction(async (tx) => {
      const [row] = await update(tx);
      if (row) await followUp(tx, row);
      return row;
    });
  }

  /**
   * Marks the order's open attempt cancelled, on the caller's transaction; returns it with the
   * status it had, or undefined when none is open.
   */
  async closeOpen(
    tx: Transaction,
    orderId: string,
  ): Promise<{ row: PaymentRow; previousStatus: PaymentRow['status'] } | undefined> {
    const [current] = await tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.orderId, orderId), inArray(payments.status, OPEN_PAYMENT_ATTEMPT_STATUSES)),
      )
      .for('update');
    if (!current) return undefined;
    const [row] = await tx
      .update(payments)
      .set({ status: 'cancelled', failureReason: 'payment.order_cancelled' })
      .where(eq(payments.id, current.id))
      .returning();
    return row ? { row, previousStatus: current.status } : undefined;
  }

  /**
   * A payment with its order and the address of the account that placed it, in one read
   * (what a transfer's instructions are drawn from); undefined if the account is gone.
   */
  async findWithRecipient(
    paymentId: string,
  ): Promise<(PaymentWithOrder & { recipient: MailRecipient }) | undefined> {
    const [row] = await this.db
      .select({
        payment: payments,
        order: orders,
        recipient: { email: users.email, firstName: users.firstName },
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(payments.id, paymentId))
      .limit(1);
    return row;
  }

  async findById(paymentId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    return row;
  }
}
