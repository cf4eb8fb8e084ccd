import { randomBytes } from 'node:crypto';

/**
 * The part of the local PayPal stand-in (fake-providers.ts) that keeps payment tokens: a
 * captured order that asked `store_in_vault: 'ON_SUCCESS'` answers with the vaulted token and
 * the payer's e-mail, as PayPal's capture answer does, and an order created on a `vault_id` is
 * captured at once, without the payer, its outcome what the test set for that token. Repeated
 * request ids are answered by fake-providers.ts, as PayPal answers them.
 */

type Json = Record<string, unknown>;

/** What a saved token does when charged: PayPal's capture status, or a 422 refusal. */
export type FakeVaultBehaviour = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUSED';

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`.toUpperCase();

const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {};

export class FakePaypalVault {
  /** The payer's PayPal account, as the capture answer names it. */
  payerEmail = 'buyer-paypal@example.test';
  /** What each token does when charged; tokens not named here pay. */
  readonly behaviours = new Map<string, FakeVaultBehaviour>();
  /** Orders created on a saved token (a repeated request id is not one). */
  readonly charges: Json[] = [];
  readonly tokens: string[] = [];

  /** The `payment_source` of a capture's answer: the vaulted token when the order asked for it. */
  captureSource(orderBody: Json): Json | undefined {
    const paypal = record(record(orderBody.payment_source).paypal);
    const vault = record(record(paypal.attributes).vault);
    if (vault.store_in_vault !== 'ON_SUCCESS') return undefined;
    const token = id('VT');
    this.tokens.push(token);
    return {
      paypal: {
        email_address: this.payerEmail,
        account_id: 'PAYERLOCAL1',
        attributes: {
          vault: { id: token, status: 'VAULTED', customer: { id: 'CUSTLOCAL1' } },
        },
      },
    };
  }

  /** The vault id of an order created on a saved token; undefined for a buyer's order. */
  static vaultIdOf(orderBody: Json): string | undefined {
    const vaultId = record(record(orderBody.payment_source).paypal).vault_id;
    return typeof vaultId === 'string' ? vaultId : undefined;
  }

  /** PayPal's answer to an order created on `vaultId`: status and body. */
  charge(vaultId: string, orderBody: Json): { status: number; body: Json } {
    this.charges.push(orderBody);
    const behaviour = this.behaviours.get(vaultId) ?? 'COMPLETED';
    if (behaviour === 'REFUSED') {
      return {
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'PAYER_CANNOT_PAY' }] },
      };
    }
    const unit = record((orderBody.purchase_units as unknown[] | undefined)?.[0]);
    const amount = record(unit.amount);
    return {
      status: 201,
      body: {
        id: id('PP'),
        status: behaviour === 'COMPLETED' ? 'COMPLETED' : 'PAYER_ACTION_REQUIRED',
        payment_source: { paypal: { email_address: this.payerEmail } },
        purchase_units: [
          {
            reference_id: unit.reference_id,
            payments: {
              captures: [
                {
                  id: id('CAP'),
                  status: behaviour,
                  amount: { currency_code: amount.currency_code, value: amount.value },
                  custom_id: unit.custom_id,
                },
              ],
            },
          },
        ],
      },
    };
  }
}
