import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogEntry, templateInput } from '@/features/cart/store/cart-fixtures';
import { useCartStore, withTotals } from '@/features/cart/store/cart-store';
import { loadNamespaces } from '@/lib/i18n';
import { json, mockFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { PricingRoute } from './pricing-route';

const onSale = catalogEntry({ id: 2, name: 'Agence', price: '119.00' });

const fetchMock = mockFetch(() => json(200, { success: true, templates: [onSale] }));

beforeEach(async () => {
  useCartStore.setState({ ...withTotals([]), error: null, unavailableRemoved: [] });
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
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
