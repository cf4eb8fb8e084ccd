import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionUser } from '@/test/account-fixtures';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import {
  initialValues,
  toOrderPayload,
  validateCheckout,
  type CheckoutValues,
  type FieldErrors,
} from '../utils/checkout-form';
import { checkoutLine } from '../utils/checkout-fixtures';
import { DeliveryFields } from './delivery-fields';

/**
 * "The delivery address differs" at checkout (docs/product.md 'Checkout' ('The form')): the
 * box opens the address, filled with the billing's recipient; the order sends it only while
 * ticked, and the shared schema checks it as the billing address.
 */

let latest: CheckoutValues | null = null;

function Form({ errors = {} }: { errors?: FieldErrors }) {
  const [values, setValues] = useState(() => initialValues(sessionUser()));
  return (
    <DeliveryFields
      billing={values.billing}
      values={values.delivery}
      errors={errors}
      onChange={(delivery) => {
        latest = { ...values, delivery };
        setValues(latest);
      }}
    />
  );
}

const renderForm = (errors?: FieldErrors) => {
  renderRoutes([{ path: '/', element: <Form errors={errors} /> }], '/');
  return userEvent.setup();
};

beforeAll(async () => {
  await loadNamespaces(['checkout']);
});
afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the delivery address at checkout', () => {
  it('opens from the keyboard, filled with the billing’s recipient, and is sent only while ticked', async () => {
    const person = renderForm();
    expect(screen.queryByRole('textbox', { name: /^Adresse/ })).toBeNull();
    const box = screen.getByRole('checkbox', { name: 'L’adresse de livraison diffère' });
    box.focus();
    await person.keyboard(' ');
    expect(box).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Prénom/ })).toHaveValue('Camille');
    await person.type(screen.getByRole('textbox', { name: /^Adresse/ }), '8 rue du Dépôt');
    await person.type(screen.getByRole('textbox', { name: /^Code postal/ }), '39100');
    await person.type(screen.getByRole('textbox', { name: /^Ville/ }), 'Dole');
    const payload = toOrderPayload([checkoutLine()], latest!);
    expect(payload.delivery_address).toMatchObject({
      first_name: 'Camille',
      address_line_1: '8 rue du Dépôt',
      postal_code: '39100',
      city: 'Dole',
      country: 'FR',
    });

    await person.click(box);
    expect(screen.queryByRole('textbox', { name: /^Ville/ })).toBeNull();
    expect(toOrderPayload([checkoutLine()], latest!)).not.toHaveProperty('delivery_address');
  });

  it('is checked as the billing address, its errors shown beside its fields', async () => {
    const values = { ...initialValues(sessionUser()), terms: true };
    const checked = validateCheckout([checkoutLine()], {
      ...values,
      delivery: { ...values.billing, address_line_1: '8 rue du Dépôt', city: ' ', postal_code: '' },
    });
    expect(checked.ok).toBe(false);
    const errors = checked.ok ? {} : checked.errors;
    expect(errors['delivery_address.city']).toEqual(['billing.city.required']);
    expect(errors['delivery_address.postal_code']).toEqual(['billing.postal_code.required']);

    const person = renderForm(errors);
    await person.click(screen.getByRole('checkbox', { name: 'L’adresse de livraison diffère' }));
    expect(screen.getByRole('textbox', { name: /^Ville/ })).toHaveAccessibleDescription(
      'La ville est requise',
    );
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    const person = renderForm();
    await person.click(screen.getByRole('checkbox', { name: 'Delivery address differs' }));
    expect(screen.getByRole('textbox', { name: /^City/ })).toBeInTheDocument();
    expect(screen.getByText(/it will be shown on the invoice/)).toBeInTheDocument();
  });
});
