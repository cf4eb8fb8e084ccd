import type { Language } from '@cadran/domain/constants';
import { isMessageKey, translateMessage } from '@cadran/domain/messages';
import { readOrderEventReason } from '@cadran/domain/order-events';
import { readOrderFlagReason } from '@cadran/domain/order-flags';
import type { TFunction } from 'i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatDay } from '../../format';

/**
 * An order event's reason in the reader's language: the step named, its technical detail
 * (provider and event ids, keys) and a staff member's note kept as written. A payment's failure
 * cause is stored as a message key ('payment.declined') and read in `lang`, the language `t`
 * speaks. A reason no pattern knows is shown as stored.
 */
export function describeEventReason(
  t: TFunction<'admin-sales'>,
  reason: string,
  lang: Language = currentLanguage(),
): string {
  const read = readOrderEventReason(reason);
  if (!read) return reason;
  if ('source' in read) read.source = describeSource(t, read.source);
  switch (read.kind) {
    case 'licence_renewed':
      return t('orders.reasons.licence_renewed', { key: read.key, until: formatDay(read.until) });
    case 'payment_method_changed': {
      const method = (id: string) => t(`status.method.${id}`, { ns: 'admin', defaultValue: id });
      return t('orders.reasons.payment_method_changed', {
        from: method(read.from),
        to: method(read.to),
      });
    }
    case 'payment_failed':
      return t('orders.reasons.payment_failed', {
        cause: isMessageKey(read.cause) ? translateMessage(read.cause, lang) : read.cause,
        source: read.source,
      });
    case 'flagged':
      return t('orders.reasons.flagged', { note: describeFlagReason(t, read.note) });
    case 'vat_number_confirmed':
    case 'vat_number_rejected': {
      const by = read.by === 'staff' ? t('orders.byStaff') : read.by;
      return read.note === ''
        ? t(`orders.reasons.${read.kind}`, { by })
        : t(`orders.reasons.${read.kind}_note`, { by, note: read.note });
    }
    case 'cancelled_by_staff':
    case 'cancelled_by_customer':
      return read.note === ''
        ? t(`orders.reasons.${read.kind}`)
        : t(`orders.reasons.${read.kind}_note`, { note: read.note });
    default: {
      const { kind, ...values } = read;
      return t(`orders.reasons.${kind}`, values);
    }
  }
}

/**
 * Where a payment event came from, in words: the method's name, then the provider's own id
 * (a Stripe or PayPal event, useful to find it there); a transfer staff recorded by hand says
 * so instead of its internal id. A source no pattern knows is shown as stored.
 */
export function describeSource(t: TFunction<'admin-sales'>, source: string): string {
  const match = /^(stripe|paypal|sandbox|bank_transfer)(, by hand)?(?: (\S+))?$/.exec(source);
  if (!match) return source;
  const [, provider = '', byHand, id] = match;
  const method = t(`status.method.${provider}`, { ns: 'admin' });
  if (byHand) return t('orders.sources.byHand', { method });
  if (id?.startsWith('manual:')) return t('orders.sources.recorded', { method });
  return id ? `${method} · ${id}` : method;
}

/**
 * Why an order was set aside, in the reader's language, with what to do about it; the provider
 * and event ids kept as written. A text no pattern knows is shown as stored.
 */
export function describeFlagReason(t: TFunction<'admin-sales'>, reason: string): string {
  const read = readOrderFlagReason(reason);
  if (!read) return reason;
  if ('source' in read) read.source = describeSource(t, read.source);
  const { kind, ...values } = read;
  return t(`orders.flags.${kind}`, values);
}
