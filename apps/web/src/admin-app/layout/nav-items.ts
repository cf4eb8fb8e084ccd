import type { StaffRole } from '../session/session-store';

/**
 * The back office's screens in the menu. Support staff see the screens they may read; the
 * newsletter, the accounting exports and the audit trail are for administrators (docs/product.md 'Back office').
 */
export interface NavItem {
  to: string;
  labelKey: string;
  roles: readonly StaffRole[];
}

const everyone: readonly StaffRole[] = ['admin', 'support'];
const adminOnly: readonly StaffRole[] = ['admin'];

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.dashboard', roles: everyone },
  { to: '/orders', labelKey: 'nav.orders', roles: everyone },
  { to: '/customers', labelKey: 'nav.customers', roles: everyone },
  { to: '/licences', labelKey: 'nav.licences', roles: everyone },
  { to: '/renewals', labelKey: 'nav.renewals', roles: everyone },
  { to: '/catalogue', labelKey: 'nav.catalogue', roles: everyone },
  { to: '/promo-codes', labelKey: 'nav.promoCodes', roles: everyone },
  { to: '/roadmap', labelKey: 'nav.roadmap', roles: everyone },
  { to: '/messages', labelKey: 'nav.messages', roles: everyone },
  { to: '/newsletter', labelKey: 'nav.newsletter', roles: adminOnly },
  { to: '/exports', labelKey: 'nav.exports', roles: adminOnly },
  { to: '/audit', labelKey: 'nav.audit', roles: adminOnly },
];

export const navItemsFor = (role: StaffRole) =>
  NAV_ITEMS.filter((item) => item.roles.includes(role));
