import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { OrderDetailScreen } from '../screens/orders/order-detail';
import { staffOrderAnswer } from '../screens/orders/order-fixture';
import { signInAs } from '../test-staff';
import { AdminShell } from './admin-shell';
import { navItemsFor } from './nav-items';

mockFetch(() => json(200, staffOrderAnswer()));

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
