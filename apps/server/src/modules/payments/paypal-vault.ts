import { CURRENCY } from '@cadran/domain/constants';
import { centsToDecimalString } from '@cadran/domain/money';
import {
  CaptureStatus,
  CheckoutPaymentIntent,
  PaymentInitiator,
  PaypalPaymentTokenUsageType,
  PaypalWalletVaultStatus,
  StoreInVaultInstruction,
  StoredPaymentSourceUsageType,
  UsagePattern,
  type Order,
  type OrderRequest,
  type PaypalWalletAttributes,
} from '@paypal/paypal-server-sdk';
import type { NewSavedMethod } from '../licenses/saved-methods';
import { PaypalApiError, type PaypalClient } from './paypal-client';
import {
  ProviderUnavailableError,
  type SavedMethodCharge,
  type SavedMethodChargeResult,
} from './provider';

/**
 * PayPal's side of the methods saved for automatic renewals (docs/payments.md 'Saved payment
 * methods'): the first order asks PayPal to keep the buyer's PayPal account in its vault once
 * paid, the capture's answer names the payment token, and each renewal is a merchant-initiated
 * order on that token, sent with the attempt's key as PayPal-Request-Id (a resumed run is
 * answered the first charge).
 */

export type PaypalSavedMethod = Omit<NewSavedMethod, 'userId'>;

/** What the first order asks: keep the buyer's account once the payment succeeds. */
export const VAULT_ON_SUCCESS: PaypalWalletAttributes = {
  vault: {
    storeInVault: StoreInVaultInstruction.OnSuccess,
    usageType: PaypalPaymentTokenUsageType.Merchant,
  },
};

/**
 * The payment token a captured order saved, as we keep it: labelled with the payer's e-mail
 * (what the buyer recognises their PayPal account by). Undefined when PayPal did not vault it
 * (the order did not ask, or the vault is still being approved).
 */
export function vaultedMethod(order: Order): PaypalSavedMethod | undefined {
  const wallet = order.paymentSource?.paypal;
  const vault = wallet?.attributes?.vault;
  if (!vault?.id || vault.status !== PaypalWalletVaultStatus.Vaulted) return undefined;
  return {
    provider: 'paypal',
    type: 'paypal',
    label: wallet?.emailAddress ?? vault.customer?.emailAddress ?? 'PayPal',
    expiresMonth: null,
    providerReference: vault.id,
    providerCustomer: vault.customer?.id ?? null,
  };
}

/** A renewal's order on the saved token: captured at once, PayPal never asks the buyer. */
export function vaultChargeRequest(charge: SavedMethodCharge): OrderRequest {
  const amount = { currencyCode: CURRENCY, value: centsToDecimalString(charge.amountCents) };
  return {
    intent: CheckoutPaymentIntent.Capture,
    purchaseUnits: [
      {
        referenceId: charge.orderId,
        customId: charge.orderId,
        description: charge.description.slice(0, 127),
        amount,
      },
    ],
    paymentSource: {
      paypal: {
        vaultId: charge.method.providerReference,
        storedCredential: {
          paymentInitiator: PaymentInitiator.Merchant,
          usage: StoredPaymentSourceUsageType.Subsequent,
          usagePattern: UsagePattern.SubscriptionPrepaid,
        },
      },
    },
  };
}

/**
 * Charges a saved PayPal token. A completed capture pays, a pending one settles by its webhook
 * (the order's id travels as custom_id), a declined one or PayPal's refusal of the order (422:
 * the account cannot pay, the token was revoked) goes to the dunning. PayPal out of reach, or
 * any other refusal, decides nothing: the same key is asked again later.
 */
export async function chargeVaulted(
  client: PaypalClient,
  charge: SavedMethodCharge,
): Promise<SavedMethodChargeResult> {
  let order: Order;
  try {
    order = (await client.createOrder(vaultChargeRequest(charge), charge.idempotencyKey)).result;
  } catch (error) {
    if (error instanceof PaypalApiError && error.status === 422) {
      return { status: 'declined', reference: null, reason: 'payment.refused' };
    }
    throw error instanceof ProviderUnavailableError
      ? error
      : new ProviderUnavailableError('PayPal saved-token charge failed', { cause: error });
  }
  const reference = order.id ?? charge.idempotencyKey;
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
  switch (capture?.status) {
    case CaptureStatus.Completed:
      return { status: 'succeeded', reference, moneyReference: capture.id ?? null };
    case CaptureStatus.Pending:
      return { status: 'processing', reference };
    case CaptureStatus.Declined:
    case CaptureStatus.Failed:
      return { status: 'declined', reference, reason: 'payment.refused' };
    default:
      break;
  }
  throw new ProviderUnavailableError(
    `PayPal saved-token charge answered ${order.status ?? 'no status'} without a settled capture`,
  );
}
