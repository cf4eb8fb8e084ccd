import { describe, expect, it } from 'vitest';
import {
  DeliveryAddressSchema,
  deliveryDiffers,
  invoiceDeliveryOf,
  type StoredDeliveryAddress,
} from './delivery-address';
import { buildCreditNote, buildInvoice } from './invoice';
import { domesticBusinessInput, FIXTURE_ISSUE, warehouseDelivery } from './invoice-fixtures';

const billing = {
  first_name: 'Élodie',
  last_name: 'Fèvre',
  company: 'Atelier Fèvre SARL',
  address_line_1: '3 place de l’Église',
  address_line_2: '',
  city: 'Besançon',
  postal_code: '25000',
  country: 'FR' as const,
};
const warehouse: StoredDeliveryAddress = {
  ...billing,
  first_name: 'Marc',
  last_name: 'Roy',
  address_line_1: '8 rue du Dépôt',
  address_line_2: 'Bâtiment B',
  city: 'Dole',
  postal_code: '39100',
};

describe('DeliveryAddressSchema', () => {
  it('checks a delivery address as the billing one is, with the same messages', () => {
    expect(DeliveryAddressSchema.parse({ ...warehouse, city: '  Dole ' }).city).toBe('Dole');
    const parsed = DeliveryAddressSchema.safeParse({
      ...warehouse,
      first_name: ' ',
      city: '',
      country: 'XX',
    });
    expect(parsed.success).toBe(false);
    const byPath = Object.fromEntries(
      parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byPath).toMatchObject({
      first_name: 'billing.first_name.required',
      city: 'billing.city.required',
    });
    expect(byPath.country).toBeDefined();
  });

  it('refuses text where an object is expected, and an over-long line', () => {
    expect(DeliveryAddressSchema.safeParse('8 rue du Dépôt').success).toBe(false);
    expect(
      DeliveryAddressSchema.safeParse({ ...warehouse, address_line_1: 'x'.repeat(256) }).success,
    ).toBe(false);
  });
});

describe('deliveryDiffers', () => {
  it('holds for another place or another recipient', () => {
    expect(deliveryDiffers(billing, warehouse)).toBe(true);
    expect(deliveryDiffers(billing, { ...billing, first_name: 'Marc' })).toBe(true);
    expect(deliveryDiffers(billing, { ...billing, country: 'BE' })).toBe(true);
  });

  it('does not hold when none is given or the same address is typed again, cased or spaced otherwise', () => {
    expect(deliveryDiffers(billing, null)).toBe(false);
    expect(deliveryDiffers(billing, undefined)).toBe(false);
    expect(
      deliveryDiffers(billing, {
        ...billing,
        city: ' BESANÇON ',
        address_line_1: '3  place de l’église',
      }),
    ).toBe(false);
  });
});

describe('the invoice’s delivery', () => {
  it('is the order’s delivery address only when it differs, kept by the credit note', () => {
    expect(invoiceDeliveryOf(billing, { ...billing })).toBeUndefined();
    const delivery = invoiceDeliveryOf(billing, warehouse);
    expect(delivery).toEqual(warehouseDelivery());
    const invoice = buildInvoice({ ...domesticBusinessInput(), delivery }, FIXTURE_ISSUE);
    expect(invoice.delivery).toEqual(delivery);
    expect(
      buildCreditNote(invoice, { ...FIXTURE_ISSUE, number: 'AV-2026-00001' }).delivery,
    ).toEqual(delivery);
    expect(buildInvoice(domesticBusinessInput(), FIXTURE_ISSUE)).not.toHaveProperty('delivery');
  });
});
