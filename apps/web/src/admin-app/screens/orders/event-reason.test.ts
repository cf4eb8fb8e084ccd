import { orderEventReason } from '@cadran/domain/order-events';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces, setLanguage } from '@/lib/i18n';
import { describeEventReason } from './event-reason';

describe('an order event’s reason, as staff read it', () => {
  beforeAll(async () => {
    // Both languages' texts: each is loaded while it is the current one.
    await setLanguage('en');
    await loadNamespaces(['admin-sales']);
    await setLanguage('fr');
    await loadNamespaces(['admin-sales']);
  });
  const inFrench = () => i18n.getFixedT('fr', 'admin-sales');
  const inEnglish = () => i18n.getFixedT('en', 'admin-sales');

  it('names the step in the reader’s language and keeps the technical detail as stored', () => {
    const received = orderEventReason('payment_received', { source: 'sandbox sandbox:3f1c' });
    expect(describeEventReason(inFrench(), received)).toBe('Paiement reçu (sandbox sandbox:3f1c)');
    expect(describeEventReason(inEnglish(), received)).toBe(
      'Payment received (sandbox sandbox:3f1c)',
    );
    expect(describeEventReason(inFrench(), orderEventReason('created'))).toBe('Commande passée');
  });

  it('keeps a staff member’s note as written, and says who cancelled', () => {
    const refunded = orderEventReason('refunded_by_staff', { source: 'sandbox', note: 'Doublon' });
    expect(describeEventReason(inFrench(), refunded)).toBe(
      'Remboursée par l’équipe (sandbox)\u00a0: Doublon',
    );
    const cancelled = orderEventReason('cancelled_by_customer', { note: '' });
    expect(describeEventReason(inEnglish(), cancelled)).toBe('Cancelled by the customer');
  });

  it('shows a reason no pattern knows as it is stored', () => {
    expect(describeEventReason(inFrench(), 'imported from the old shop')).toBe(
      'imported from the old shop',
    );
  });
});
