import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { AppProviders } from '@/test/render';
import { checkoutLine } from '../utils/checkout-fixtures';
import { CheckoutItemFields } from './checkout-item-fields';

beforeAll(async () => {
  await loadNamespaces(['checkout', 'common']);
});

function renderLine(quantity: number) {
  render(
    <CheckoutItemFields
      line={checkoutLine({ quantity })}
      index={0}
      domains={{ primary: '', additional: [] }}
      errors={{}}
      onDomainsChange={vi.fn()}
      onCustomizationsChange={vi.fn()}
    />,
    { wrapper: AppProviders },
  );
}

describe('a checkout line and its domains', () => {
  it('says which of several licences gets the line’s domains', () => {
    renderLine(3);
    expect(screen.getByRole('textbox', { name: /^Domaine principal/ })).toHaveAccessibleDescription(
      'Par exemple mon-site.fr, sans http:// ni www. Ces domaines vont à la première des 3 licences de cette ligne ; chacune des autres reçoit son domaine à l’activation de sa première installation.',
    );
    expect(screen.getByText('3 licences')).toBeInTheDocument();
  });

  it('says nothing more for a single licence', () => {
    renderLine(1);
    expect(screen.getByRole('textbox', { name: /^Domaine principal/ })).toHaveAccessibleDescription(
      'Par exemple mon-site.fr, sans http:// ni www.',
    );
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    renderLine(2);
    expect(screen.getByRole('textbox', { name: /^Primary domain/ })).toHaveAccessibleDescription(
      'For example my-site.com, without http:// or www. These domains go to the first of the 2 licences on this line; each of the others gets its domain when its first installation is activated.',
    );
  });
});
