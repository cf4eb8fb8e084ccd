import { orderEventReason } from '@cadran/domain/order-events';
import { orderFlagReason } from '@cadran/domain/order-flags';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces, setLanguage } from '@/lib/i18n';
import { describeEventReason, describeFlagReason } from './event-reason';

describe('an order event’s reason, as staff read it', () => {
  beforeAll(async () => {
    // Both languages' texts: each is loaded while it is the current one.
    await setLanguage('en');
    await loadNamespaces(['admin-sales', 'admin']);
    await setLanguage('fr');
    await loadNamespaces(['admin-sales', 'admin']);
  });
  const inFrench = () => i18n.getFixedT('fr', 'admin-sales');
  const inEnglish = () => i18n.getFixedT('en', 'admin-sales');

  it('names the step in the reader’s language and keeps the technical detail as stored', () => {
    const received = orderEventReason('payment_received', { source: 'sandbox sandbox:3f1c' });
    expect(describeEventReason(inFrench(), received)).toBe(
      'Paiement reçu (Paiement de test · sandbox:3f1c)',
    );
    expect(describeEventReason(inEnglish(), received)).toBe(
      'Payment received (Test payment · sandbox:3f1c)',
    );
    // A transfer staff recorded says so, never its internal id.
    const settled = orderEventReason('payment_received', {
      source: 'bank_transfer manual:6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81',
    });
    expect(describeEventReason(inFrench(), settled)).toBe(
      'Paiement reçu (Virement enregistré par l’équipe)',
    );
    expect(describeEventReason(inEnglish(), settled)).toBe(
      'Payment received (Bank transfer recorded by staff)',
    );
    expect(describeEventReason(inFrench(), orderEventReason('created'))).toBe('Commande passée');
  });

  it('writes the licences issued as a plural, from new and older stored texts', () => {
    const three = orderEventReason('licences_issued', { count: 3 });
    expect(describeEventReason(inFrench(), three)).toBe('3\u00a0licences émises');
    expect(describeEventReason(inEnglish(), three)).toBe('3 licences issued');
    expect(describeEventReason(inFrench(), '1 licence(s) issued')).toBe('1\u00a0licence émise');
    expect(describeEventReason(inEnglish(), '1 licence(s) issued')).toBe('1 licence issued');
  });

  it('reads a payment failure’s stored cause in the reader’s language', () => {
    const failed = orderEventReason('payment_failed', {
      cause: 'payment.declined',
      source: 'sandbox sandbox:5b20bf5c',
    });
    expect(describeEventReason(inFrench(), failed, 'fr')).toMatch(
      /^Paiement non abouti\s: Paiement refusé par la banque \(.+\) \(Paiement de test · sandbox:5b20bf5c\)$/,
    );
    expect(describeEventReason(inEnglish(), failed, 'en')).not.toMatch(/payment\.declined/);
    // A cause no catalogue knows (a provider's own event type) is kept as stored.
    const expired = orderEventReason('payment_failed', {
      cause: 'checkout.session.expired',
      source: 'stripe evt_1',
    });
    expect(describeEventReason(inEnglish(), expired, 'en')).toContain('checkout.session.expired');
  });

  it('names both methods when the customer switched a failed order’s payment', () => {
    const switched = orderEventReason('payment_method_changed', {
      from: 'stripe',
      to: 'bank_transfer',
    });
    expect(describeEventReason(inFrench(), switched)).toBe(
      'Moyen de paiement changé par le client\u00a0: Carte bancaire → Virement',
    );
    expect(describeEventReason(inEnglish(), switched)).toBe(
      'Payment method changed by the customer: Card → Bank transfer',
    );
  });

  it('keeps a staff member’s note as written, and says who cancelled', () => {
    const refunded = orderEventReason('refunded_by_staff', { source: 'sandbox', note: 'Doublon' });
    expect(describeEventReason(inFrench(), refunded)).toBe(
      'Remboursée par l’équipe (Paiement de test)\u00a0: Doublon',
    );
    const cancelled = orderEventReason('cancelled_by_customer', { note: '' });
    expect(describeEventReason(inEnglish(), cancelled)).toBe('Cancelled by the customer');
  });

  it('shows a reason no pattern knows as it is stored', () => {
    expect(describeEventReason(inFrench(), 'imported from the old shop')).toBe(
      'imported from the old shop',
    );
  });

  it('says why an order was set aside and what to do, in the reader’s language', () => {
    const flag = orderFlagReason('amount_mismatch', {
      received: '500.00 EUR',
      expected: '588.00 EUR',
      source: 'bank_transfer manual:1',
    });
    expect(describeFlagReason(inFrench(), flag)).toBe(
      'Montant reçu 500.00 EUR au lieu de 588.00 EUR (Virement enregistré par l’équipe)\u00a0: vérifiez avec le client avant de livrer ou de rembourser',
    );
    const late = orderFlagReason('paid_after_cancellation', { source: 'evt_7' });
    expect(describeFlagReason(inEnglish(), late)).toBe(
      'Payment received after cancellation (evt_7): refund it by hand',
    );
    // In the order's history the flag is read inside its event.
    expect(describeEventReason(inEnglish(), orderEventReason('flagged', { note: late }))).toContain(
      'Payment received after cancellation (evt_7): refund it by hand',
    );
    expect(describeFlagReason(inFrench(), 'checked by hand')).toBe('checked by hand');
  });
});
