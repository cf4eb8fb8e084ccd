import { reasonCodec, type ReadReasonOf, type ReasonForms } from './order-events';

/**
 * Why an order was set aside for a person (docs/product.md 'Orders' ('The order state machine')): money
 * that does not match the order, or that came when it could no longer be kept. Like the order's
 * event reasons, each is stored as one line of English text naming providers and event ids as
 * they are; the back office reads it back to say what to do in the reader's language.
 */
export interface OrderFlagReasons {
  /** Money on a second attempt of an order another attempt already paid. */
  second_payment: { attempt: string; source: string };
  /** Money that is not the order's total, to the cent and in its currency. */
  amount_mismatch: { received: string; expected: string; source: string };
  /** Money for a cancelled order that the provider could not give back on its own. */
  paid_after_cancellation: { source: string };
}
export type OrderFlagKind = keyof OrderFlagReasons;
export type ReadFlag = ReadReasonOf<OrderFlagReasons>;

const FORMS: ReasonForms<OrderFlagReasons> = {
  second_payment: {
    write: ({ attempt, source }) =>
      `second payment received on attempt ${attempt}: refund by hand (${source})`,
    read: /^second payment received on attempt (\S+): refund by hand \((.*)\)$/,
    values: (m) => ({ attempt: m[1] ?? '', source: m[2] ?? '' }),
  },
  amount_mismatch: {
    write: ({ received, expected, source }) =>
      `amount mismatch: received ${received}, expected ${expected} (${source})`,
    read: /^amount mismatch: received (.*?), expected (.*?) \((.*)\)$/,
    values: (m) => ({ received: m[1] ?? '', expected: m[2] ?? '', source: m[3] ?? '' }),
  },
  paid_after_cancellation: {
    write: ({ source }) => `paid after cancellation: refund by hand (${source})`,
    read: /^paid after cancellation: refund by hand \((.*)\)$/,
    values: (m) => ({ source: m[1] ?? '' }),
  },
};

const codec = reasonCodec<OrderFlagReasons>(FORMS);

/** The stored text of a flag. */
export const orderFlagReason = <K extends OrderFlagKind>(kind: K, values: OrderFlagReasons[K]) =>
  codec.write(kind, values);

/** The kind and values of a stored flag, or null for a text no pattern knows. */
export const readOrderFlagReason = (text: string): ReadFlag | null => codec.read(text);
