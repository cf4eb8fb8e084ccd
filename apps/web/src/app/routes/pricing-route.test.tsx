import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { templateInput } from '@/features/cart/store/cart-fixtures';
import { useCartStore, withTotals } from '@/features/cart/store/cart-store';
import { loadNamespaces } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { PricingRoute } from './pricing-route';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const onSale = {
  ...templateInput({ id: 2, name: 'Agence', price: '119.00' }),
  renewal_price: '119.00',
  sort_order: 2,
  is_featured: 0,
  features: [],
};

beforeEach(async () => {
  useCartStore.setState({ ...withTotals([]), error: null, unavailableRemoved: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve(json(200, { success: true, templates: [onSale] }))),
  );
  await loadNamespaces(['pricing']);
});

describe('pricing route', () => {
  it('drops from the cart the templates the catalogue it shows no longer sells', async () => {
    const { addItem } = useCartStore.getState();
    addItem(templateInput({ id: 1, name: 'Pro' }));
    addItem(templateInput({ id: 2, name: 'Agence', price: '119.00' }));
    renderRoutes([{ path: '/pricing', element: <PricingRoute /> }], '/pricing');
    expect(await screen.findByRole('article', { name: 'Agence' })).toBeInTheDocument();
    expect(useCartStore.getState().items.map((item) => item.template.name)).toEqual(['Agence']);
    expect(useCartStore.getState().unavailableRemoved).toEqual(['Pro']);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
  });
});
