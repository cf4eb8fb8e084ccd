/**
 * Why an order moved (docs/product.md 'Orders' ('The order state machine')): each reason is
 * stored as one line of English text, the store's technical log, which names providers, event
 * ids and keys as they are. The server writes it with `orderEventReason`; the back office reads
 * it back with `readOrderEventReason` to name the step in the reader's language, keeping the
 * technical detail (identifiers, a staff member's note) as written. A text no pattern knows (an
 * event written before this list) is shown as it is.
 */

/** A reason that carries nothing besides its kind. */
type Nothing = Record<never, never>;

/** What each kind of reason carries besides its kind. */
export interface OrderEventReasons {
  created: Nothing;
  /** Placed by a staff member for the customer (`by`: the staff member's e-mail). */
  created_by_staff: { by: string };
  renewal: Nothing;
  payment_received: { source: string };
  payment_retried: { source: string };
  paid_after_cancellation: { source: string };
  licences_issued: { count: number };
  licence_renewed: { key: string; until: string };
  payment_failed: { cause: string; source: string };
  refunded_late_payment: { source: string };
  refunded_by_staff: { source: string; note: string };
  cancelled_by_staff: { note: string };
  cancelled_by_customer: { note: string };
  cancelled_licence_revoked: { key: string };
  retried_by_customer: { attempt: string };
  /** The buyer switched an unpaid order's method (`from`, `to`: 'stripe', 'paypal'…). */
  payment_method_changed: { from: string; to: string };
  flagged: { note: string };
  /** `by`: 'VIES <consultation number>' or 'staff'; `note` as staff typed it, else empty. */
  vat_number_confirmed: { by: string; note: string };
  vat_number_rejected: { by: string; note: string };
  /** The VAT alone given back once the number was confirmed; `source` as a refund's. */
  vat_refunded: { amount: string; source: string };
  automatic_renewal: Nothing;
  charge_attempted: { attempt: number };
  dunning_mail_sent: { attempt: number; next: string };
  renewal_abandoned: Nothing;
  plan_change: { from: string; to: string };
  /** A paid upgrade moved the licence to its new plan (`to`, the plan's name as sold). */
  plan_changed: { to: string; key: string };
  withdrawal_requested: Nothing;
}
export type OrderEventKind = keyof OrderEventReasons;

export type ReadReason = ReadReasonOf<OrderEventReasons>;

/** Each kind's stored text: how it is written, and the pattern that reads it back. */
const FORMS: ReasonForms<OrderEventReasons> = {
  created: { write: () => 'created', read: /^created$/, values: () => ({}) },
  created_by_staff: {
    write: ({ by }) => `created by staff (${by})`,
    read: /^created by staff \(([^()]*)\)$/,
    values: (m) => ({ by: m[1] ?? '' }),
  },
  renewal: { write: () => 'renewal', read: /^renewal$/, values: () => ({}) },
  payment_received: {
    write: ({ source }) => `payment received (${source})`,
    read: /^payment received \((.*)\)$/,
    values: (m) => ({ source: m[1] ?? '' }),
  },
  payment_retried: {
    write: ({ source }) => `payment retried (${source})`,
    read: /^payment retried \((.*)\)$/,
    values: (m) => ({ source: m[1] ?? '' }),
  },
  paid_after_cancellation: {
    write: ({ source }) => `payment received after cancellation (${source})`,
    read: /^payment received after cancellation \((.*)\)$/,
    values: (m) => ({ source: m[1] ?? '' }),
  },
  licences_issued: {
    write: ({ count }) => `${count} ${count === 1 ? 'licence' : 'licences'} issued`,
    // Events stored before plurals were written read "3 licence(s) issued": read both forms.
    read: /^(\d+) licen(?:ce|ces|ce\(s\)) issued$/,
    values: (m) => ({ count: Number(m[1]) }),
  },
  licence_renewed: {
    write: ({ key, until }) => `licence ${key} renewed until ${until}`,
    read: /^licence (\S+) renewed until (\S+)$/,
    values: (m) => ({ key: m[1] ?? '', until: m[2] ?? '' }),
  },
  payment_failed: {
    write: ({ cause, source }) => `payment failed: ${cause} (${source})`,
    read: /^payment failed: (.*) \(([^()]*)\)$/,
    values: (m) => ({ cause: m[1] ?? '', source: m[2] ?? '' }),
  },
  refunded_late_payment: {
    write: ({ source }) => `refunded: paid after cancellation (${source})`,
    read: /^refunded: paid after cancellation \((.*)\)$/,
    values: (m) => ({ source: m[1] ?? '' }),
  },
  refunded_by_staff: {
    write: ({ source, note }) => `refunded by staff (${source}): ${note}`,
    read: /^refunded by staff \(([^()]*)\): ([\s\S]*)$/,
    values: (m) => ({ source: m[1] ?? '', note: m[2] ?? '' }),
  },
  cancelled_by_staff: {
    write: ({ note }) => (note === '' ? 'cancelled by staff' : `cancelled by staff: ${note}`),
    read: /^cancelled by staff(?:: ([\s\S]*))?$/,
    values: (m) => ({ note: m[1] ?? '' }),
  },
  cancelled_by_customer: {
    write: ({ note }) => (note === '' ? 'cancelled by customer' : `cancelled by customer: ${note}`),
    read: /^cancelled by customer(?:: ([\s\S]*))?$/,
    values: (m) => ({ note: m[1] ?? '' }),
  },
  cancelled_licence_revoked: {
    write: ({ key }) => `cancelled: licence ${key} revoked`,
    read: /^cancelled: licence (\S+) revoked$/,
    values: (m) => ({ key: m[1] ?? '' }),
  },
  retried_by_customer: {
    write: ({ attempt }) => `payment retried by the customer (attempt ${attempt})`,
    read: /^payment retried by the customer \(attempt (\S+)\)$/,
    values: (m) => ({ attempt: m[1] ?? '' }),
  },
  payment_method_changed: {
    write: ({ from, to }) => `payment method changed from ${from} to ${to}`,
    read: /^payment method changed from (\S+) to (\S+)$/,
    values: (m) => ({ from: m[1] ?? '', to: m[2] ?? '' }),
  },
  flagged: {
    write: ({ note }) => `flagged: ${note}`,
    read: /^flagged: ([\s\S]*)$/,
    values: (m) => ({ note: m[1] ?? '' }),
  },
  vat_number_confirmed: {
    write: ({ by, note }) => `VAT number confirmed (${by})${note === '' ? '' : `: ${note}`}`,
    read: /^VAT number confirmed \(([^()]*)\)(?:: ([\s\S]*))?$/,
    values: (m) => ({ by: m[1] ?? '', note: m[2] ?? '' }),
  },
  vat_number_rejected: {
    write: ({ by, note }) => `VAT number rejected (${by})${note === '' ? '' : `: ${note}`}`,
    read: /^VAT number rejected \(([^()]*)\)(?:: ([\s\S]*))?$/,
    values: (m) => ({ by: m[1] ?? '', note: m[2] ?? '' }),
  },
  vat_refunded: {
    write: ({ amount, source }) => `VAT refunded: ${amount} (${source})`,
    read: /^VAT refunded: (.+) \(([^()]*)\)$/,
    values: (m) => ({ amount: m[1] ?? '', source: m[2] ?? '' }),
  },
  automatic_renewal: {
    write: () => 'automatic renewal',
    read: /^automatic renewal$/,
    values: () => ({}),
  },
  charge_attempted: {
    write: ({ attempt }) => `saved method charged (attempt ${attempt})`,
    read: /^saved method charged \(attempt (\d+)\)$/,
    values: (m) => ({ attempt: Number(m[1]) }),
  },
  dunning_mail_sent: {
    write: ({ attempt, next }) => `payment reminder ${attempt} sent, next try ${next}`,
    read: /^payment reminder (\d+) sent, next try (\S+)$/,
    values: (m) => ({ attempt: Number(m[1]), next: m[2] ?? '' }),
  },
  renewal_abandoned: {
    write: () => 'automatic renewal stopped: every retry failed',
    read: /^automatic renewal stopped: every retry failed$/,
    values: () => ({}),
  },
  plan_change: {
    write: ({ from, to }) => `plan change from ${from} to ${to}`,
    read: /^plan change from (.*) to (.*)$/,
    values: (m) => ({ from: m[1] ?? '', to: m[2] ?? '' }),
  },
  plan_changed: {
    write: ({ to, key }) => `plan changed to ${to} (licence ${key})`,
    read: /^plan changed to (.*) \(licence (\S+)\)$/,
    values: (m) => ({ to: m[1] ?? '', key: m[2] ?? '' }),
  },
  withdrawal_requested: {
    write: () => 'withdrawal requested by the consumer',
    read: /^withdrawal requested by the consumer$/,
    values: () => ({}),
  },
};

/** The forms of a family of reasons: how each kind is written and read back. */
export type ReasonForms<Reasons> = {
  [K in keyof Reasons]: {
    write: (values: Reasons[K]) => string;
    read: RegExp;
    values: (match: RegExpExecArray) => Reasons[K];
  };
};

/** A read reason of a family: its kind and the values its text carried. */
export type ReadReasonOf<Reasons> = {
  [K in keyof Reasons]: { kind: K } & Reasons[K];
}[keyof Reasons];

/** Writes a family's reasons and reads them back, first matching form first. */
export function reasonCodec<Reasons>(forms: ReasonForms<Reasons>) {
  return {
    write<K extends keyof Reasons>(kind: K, values: Reasons[K]): string {
      return forms[kind].write(values);
    },
    read(text: string): ReadReasonOf<Reasons> | null {
      for (const kind of Object.keys(forms) as (keyof Reasons)[]) {
        const form = forms[kind];
        const match = form.read.exec(text);
        if (match) return { kind, ...form.values(match) };
      }
      return null;
    },
  };
}

const codec = reasonCodec<OrderEventReasons>(FORMS);

/** The stored text of a reason. */
export function orderEventReason<K extends OrderEventKind>(
  kind: K,
  ...values: [keyof OrderEventReasons[K]] extends [never] ? [] : [OrderEventReasons[K]]
): string {
  return codec.write(kind, (values[0] ?? {}) as OrderEventReasons[K]);
}

/** The kind and values of a stored reason, or null for a text no pattern knows. */
export function readOrderEventReason(text: string): ReadReason | null {
  return codec.read(text);
}
