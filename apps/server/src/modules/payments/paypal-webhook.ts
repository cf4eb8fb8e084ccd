import type { IncomingHttpHeaders } from 'node:http';
import { WebhookVerificationError, decimalToCents, type NormalizedPaymentEvent } from './provider';

/**
 * A PayPal webhook delivery read before anything is sent to PayPal. Verifying a signature
 * costs a call to PayPal for every post, and anyone can post: a delivery whose signature
 * headers are missing or could not have come from PayPal, or whose body is not an event, is
 * refused here for nothing.
 */

/** The headers PayPal signs its webhooks with, by the field name PayPal's check expects. */
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

type SignatureField = keyof typeof SIGNATURE_HEADERS;
export type PaypalSignature = Record<SignatureField, string>;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;

/** PayPal serves its signing certificates over https from its own domain, nowhere else. */
function isPaypalCertUrl(value: string): boolean {
  if (value.length > 500) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    (host === 'paypal.com' || host.endsWith('.paypal.com'))
  );
}

const WELL_FORMED: Record<SignatureField, (value: string) => boolean> = {
  auth_algo: (value) => /^[A-Za-z0-9]{1,40}$/.test(value),
  cert_url: isPaypalCertUrl,
  transmission_id: (value) => /^[A-Za-z0-9-]{1,100}$/.test(value),
  // An RSA signature in base64: 344 characters for a 2048-bit key, 684 for 4096 bits.
  transmission_sig: (value) => /^[A-Za-z0-9+/]{16,2048}={0,2}$/.test(value),
  transmission_time: (value) => ISO_TIME.test(value) && Number.isFinite(Date.parse(value)),
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The signature headers of a delivery; throws WebhookVerificationError on the first bad one. */
export function readSignature(headers: IncomingHttpHeaders): PaypalSignature {
  const signature = {} as PaypalSignature;
  for (const [field, header] of Object.entries(SIGNATURE_HEADERS) as [SignatureField, string][]) {
    const value = headers[header];
    if (typeof value !== 'string' || value === '') {
      throw new WebhookVerificationError(`PayPal header ${header} missing`);
    }
    if (!WELL_FORMED[field](value)) {
      throw new WebhookVerificationError(`PayPal header ${header} malformed`);
    }
    signature[field] = value;
  }
  return signature;
}

/** The event of a delivery: a JSON object with PayPal's event id and type. */
export function readEvent(rawBody: Buffer): Record<string, unknown> {
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch (error) {
    throw new WebhookVerificationError('PayPal webhook body is not JSON', { cause: error });
  }
  if (!isRecord(event)) throw new WebhookVerificationError('PayPal webhook body is not an object');
  const id = text(event.id);
  const type = text(event.event_type);
  if (!id || id.length > 200 || !type || type.length > 200) {
    throw new WebhookVerificationError('PayPal webhook body has no event id or type');
  }
  return event;
}

/**
 * Capture events and what they mean: COMPLETED pays, DENIED or DECLINED fails; the rest
 * (approvals, refunds) is recorded and ignored here.
 */
export function normalizePaypalEvent(event: Record<string, unknown>): NormalizedPaymentEvent {
  const type = text(event.event_type) ?? 'unknown';
  const resource = record(event.resource);
  const related = record(record(resource.supplementary_data).related_ids);
  const amount = record(resource.amount);
  const outcome =
    type === 'PAYMENT.CAPTURE.COMPLETED'
      ? 'paid'
      : type === 'PAYMENT.CAPTURE.DENIED' || type === 'PAYMENT.CAPTURE.DECLINED'
        ? 'failed'
        : 'ignored';
  return {
    provider: 'paypal',
    eventId: text(event.id) ?? `${type}:${text(resource.id) ?? 'unknown'}`,
    type,
    outcome,
    reference: text(related.order_id),
    orderId: text(resource.custom_id),
    // A capture event's resource is the capture: its id is what a refund names.
    moneyReference: type.startsWith('PAYMENT.CAPTURE.') ? text(resource.id) : null,
    amountCents: decimalToCents(amount.value),
    currency: text(amount.currency_code),
    failureReason: outcome === 'failed' ? 'payment.refused' : null,
    payload: event,
  };
}
