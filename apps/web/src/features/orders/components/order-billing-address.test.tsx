import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { billingAddress, sampleOrder } from '@/test/order-fixtures';
import { AppProviders } from '@/test/render';
import { OrderBillingAddress } from './order-overview';

beforeAll(async () => {
  await loadNamespaces(['orders']);
});

const renderAddress = (address: Parameters<typeof billingAddress>[0]) =>
  render(
    <OrderBillingAddress order={sampleOrder({ billing_address: billingAddress(address) })} />,
    {
      wrapper: AppProviders,
    },
  );

describe('the billing address of an order', () => {
  it('writes the postcode in the country’s order, in French', () => {
    renderAddress({ country: 'GB', city: 'London', postal_code: 'SW1A 1AA' });
    expect(screen.getByText('London SW1A 1AA')).toBeInTheDocument();
    expect(screen.getByText('Royaume-Uni')).toBeInTheDocument();
  });

  it('and in English', async () => {
    await i18n.changeLanguage('en');
    renderAddress({ country: 'DE', city: 'Berlin', postal_code: '10115' });
    expect(screen.getByText('10115 Berlin')).toBeInTheDocument();
    expect(screen.getByText('Germany')).toBeInTheDocument();
  });
});
