import { screen } from '@testing-library/react';
import type { AdminOrderDetailResponseSchema } from '@cadran/domain/staff-orders';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { json, mockFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { OrderDetailScreen } from '../screens/orders/order-detail';
import { signInAs } from '../test-staff';
import { AdminShell } from './admin-shell';
import { navItemsFor } from './nav-items';

/** An order as the staff API answers it; the type keeps it to the server's shape. */
const ORDER: z.input<typeof AdminOrderDetailResponseSchema> = {
  success: true,
  order: {
    id: '6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81',
    order_number: 'CAD-2026-0042',
    status: 'completed',
    payment_status: 'paid',
    payment_method: 'stripe',
    currency: 'EUR',
    total: 22800,
    subtotal: 19000,
    discount: 0,
    tax: 3800,
    tax_rate_basis_points: 2000,
    promo_code: null,
    notes: null,
    language: 'fr',
    billing_address: {},
    created_at: '2026-11-20T10:00:00.000Z',
    customer: {
      id: '0d9a3b2c-1e4f-4a6b-8c7d-9e0f1a2b3c4d',
      email: 'camille@exemple.fr',
      name: 'Camille Martin',
      company: null,
    },
    flagged_reason: null,
    license_count: 0,
    lines: [],
    events: [],
    payments: [],
    refunds: [],
    invoice: null,
    credit_notes: [],
    licences: [],
  },
};

mockFetch(() => json(200, ORDER));

describe('what each staff role sees', () => {
  it('lists the newsletter and the audit trail for administrators only', () => {
    const admin = navItemsFor('admin').map((item) => item.to);
    const support = navItemsFor('support').map((item) => item.to);
    expect(admin).toContain('/audit');
    expect(admin).toContain('/newsletter');
    expect(support).not.toContain('/audit');
    expect(support).not.toContain('/newsletter');
    expect(support).toContain('/orders');
  });

  it('draws the menu for the role, with who is signed in', async () => {
    await signInAs('support');
    renderRoutes([{ path: '/', Component: AdminShell }], '/');
    const menu = screen.getByRole('navigation', { name: 'Écrans du back-office' });
    expect(menu).toHaveTextContent('Commandes');
    expect(menu).not.toHaveTextContent('Journal d’audit');
    expect(screen.getByText('support@cadran.fr')).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
  });

  it('hides the refund of a paid order from support staff, and shows it to administrators', async () => {
    await signInAs('support');
    const view = renderRoutes(
      [{ path: '/orders/:id', Component: OrderDetailScreen }],
      '/orders/6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81',
    );
    expect(
      await screen.findByRole('heading', { name: 'Commande CAD-2026-0042' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rembourser' })).not.toBeInTheDocument();
    view.unmount();

    await signInAs('admin');
    renderRoutes(
      [{ path: '/orders/:id', Component: OrderDetailScreen }],
      '/orders/6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81',
    );
    expect(await screen.findByRole('button', { name: 'Rembourser' })).toBeInTheDocument();
  });
});
