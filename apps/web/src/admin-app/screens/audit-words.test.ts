import type { AuditEntry } from '@cadran/domain/audit';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces, setLanguage } from '@/lib/i18n';
import { describeChanges, describeTarget } from './audit-words';
import { changedFields } from './audit-change';

const promoChange: AuditEntry = {
  id: 1,
  at: '2026-11-27T10:00:00.000Z',
  actor: { id: 'b0a6b6f4-3c1e-4a51-9a3e-5d1f0c2b7e11', email: 'admin@cadran.fr' },
  action: 'promo_code.update',
  target: { type: 'promo_code', id: '3' },
  before: { id: 3, code: 'ÉTÉ26', ends_at: '2026-08-31T21:59:59.000Z', active: true, uses: 4 },
  after: { id: 3, code: 'ÉTÉ26', ends_at: '2026-09-30T21:59:59.000Z', active: false, uses: 4 },
};

describe('an audit entry in words', () => {
  beforeAll(async () => {
    await setLanguage('en');
    await loadNamespaces(['admin-content', 'admin']);
    await setLanguage('fr');
    await loadNamespaces(['admin-content', 'admin']);
  });

  it('names the target and each changed field with its value before and after, in French', async () => {
    await setLanguage('fr');
    const t = i18n.getFixedT('fr', 'admin-content');
    expect(describeTarget(t, promoChange)).toBe('Code promo ÉTÉ26');
    const fields = changedFields(promoChange.before, promoChange.after);
    expect(describeChanges(t, promoChange, fields)).toEqual([
      'Fin : 31 août 2026 → 30 sept. 2026',
      'Actif : oui → non',
    ]);
  });

  it('opens a creation with what staff typed, not the record’s id and timestamps', () => {
    const created = { id: 2, code: 'HIVER26', uses: 0, created_at: '2026-11-28T06:51:24.123Z' };
    expect(changedFields(null, created)).toEqual(['code', 'uses']);
  });

  it('does the same in English, and names a created order by its number and a licence by its key', async () => {
    await setLanguage('en');
    const t = i18n.getFixedT('en', 'admin-content');
    expect(describeChanges(t, promoChange, ['ends_at', 'active'])).toEqual([
      'Ends: 31 Aug 2026 → 30 Sept 2026',
      'Active: yes → no',
    ]);
    const created: AuditEntry = {
      ...promoChange,
      action: 'order.create_manual',
      target: { type: 'order', id: '0c8f3b7e-5a4d-4e2b-9f1a-7c6d5e4f3a21' },
      before: null,
      after: { order_number: 'CAD-2026-7KQ4M2XD', total: 45600, payment_method: 'stripe' },
    };
    expect(describeTarget(t, created)).toBe('Order CAD-2026-7KQ4M2XD');
    expect(describeChanges(t, created, ['total'])).toEqual(['Total incl. VAT: €456.00']);
    const settled = {
      ...created,
      before: { status: 'pending', payment_status: 'unpaid' },
      after: { status: 'completed', payment_status: 'paid' },
    };
    expect(describeChanges(t, settled, ['status', 'payment_status'])).toEqual([
      'Status: Pending → Completed',
      'Payment: Unpaid → Paid',
    ]);
    const licence = {
      ...promoChange,
      target: { type: 'license', id: '9d2c' },
      before: { license_key: 'CDR-AB12-CD34', state: 'active' },
      after: { license_key: 'CDR-AB12-CD34', state: 'suspended' },
    };
    expect(describeTarget(t, licence)).toBe('Licence CDR-AB12-CD34');
    // A target with nothing to name it by keeps its short id.
    expect(describeTarget(t, { ...licence, before: null, after: null })).toBe('Licence 9d2c');
    await setLanguage('fr');
  });
});
