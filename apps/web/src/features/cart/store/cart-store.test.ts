import { CART_STORAGE_KEY } from '@cadran/domain/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '@/lib/logger';
import { templateInput } from './cart-fixtures';
import { CartActionError, selectCartItemCount, useCartStore, withTotals } from './cart-store';

const store = () => useCartStore.getState();
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown;

beforeEach(() => {
  useCartStore.setState({ ...withTotals([]), error: null, unavailableRemoved: [] });
  localStorage.clear();
});

describe('cart store: changes', () => {
  it('adds a line, then raises its quantity when the same template is added again', () => {
    store().addItem(templateInput({ id: 1, price: '19.99' }));
    store().addItem(templateInput({ id: 1, price: '19.99' }));
    store().addItem(templateInput({ id: 2, name: 'Agence', price: '119.00', setup_fee: '49.00' }));
    const { items, totals } = store();
    expect(items.map((item) => [item.template.id, item.quantity, item.subtotalCents])).toEqual([
      [1, 2, 3998],
      [2, 1, 16800],
    ]);
    expect(totals).toEqual({
      itemCount: 3,
      subtotalCents: 20798,
      taxRate: 20,
      taxCents: 4160, // 4159.6, rounded half-up once on the subtotal
      totalCents: 24958,
    });
    expect(selectCartItemCount(store())).toBe(3);
    expect(store().currency).toBe('EUR');
  });

  it('keeps the template snapshot the checkout needs, with extras', () => {
    store().addItem(templateInput({ id: 4, billing_cycle: 'annually' }), {
      customizations: { extra_domains: 2, extra_installations: 1 },
    });
    const [item] = store().items;
    expect(item).toMatchObject({
      id: expect.any(String) as string,
      quantity: 1,
      customizations: { extra_domains: 2, extra_installations: 1 },
      template: {
        id: 4,
        name: 'Pro',
        priceCents: 4900,
        setupFeeCents: 0,
        billingCycle: 'annually',
        domainLimit: 3,
        installationLimit: 3,
        updatePermissions: true,
      },
      // 49 + 2 x 10 + 1 x 5
      subtotalCents: 7400,
    });
  });

  it('updates quantities, removing a line at 0 or less', () => {
    store().addItem(templateInput({ id: 1 }));
    store().addItem(templateInput({ id: 2 }));
    const [first, second] = store().items;
    store().updateQuantity(first!.id, 5);
    expect(store().items[0]).toMatchObject({ quantity: 5, subtotalCents: 24500 });
    store().updateQuantity(first!.id, 0);
    expect(store().items.map((item) => item.id)).toEqual([second!.id]);
    store().updateQuantity(second!.id, -2);
    expect(store().items).toEqual([]);
    expect(store().totals.totalCents).toBe(0);
  });

  it('removes one line, and clears the whole cart', () => {
    store().addItem(templateInput({ id: 1 }));
    store().addItem(templateInput({ id: 2 }));
    store().removeItem(store().items[0]!.id);
    expect(store().items.map((item) => item.template.id)).toEqual([2]);
    store().clear();
    expect(store().items).toEqual([]);
    expect(stored()).toEqual({ version: 1, items: [] });
  });

  it('counts an unparsable or negative price as 0 and logs a warning', () => {
    const warning = vi.spyOn(logger, 'warning');
    store().addItem(templateInput({ id: 1, price: 'gratuit' }));
    store().addItem(templateInput({ id: 2, price: '-10.00' }));
    expect(store().items.map((item) => item.subtotalCents)).toEqual([0, 0]);
    expect(warning).toHaveBeenCalledWith(
      'Invalid cart price counted as 0',
      expect.objectContaining({ templateId: 1, field: 'price', kind: 'unparsable' }),
    );
    expect(warning).toHaveBeenCalledWith(
      'Invalid cart price counted as 0',
      expect.objectContaining({ templateId: 2, kind: 'negative' }),
    );
  });

  it('puts a failed add in the error field and throws it to the caller', () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    for (let id = 1; id <= 20; id += 1) store().addItem(templateInput({ id }));
    expect(() => store().addItem(templateInput({ id: 21 }))).toThrow(CartActionError);
    expect(store().error).toEqual({ action: 'add', message: 'cart.full' });
    expect(store().items).toHaveLength(20);
    // The next successful change clears it.
    store().updateQuantity(store().items[0]!.id, 2);
    expect(store().error).toBeNull();
  });
});

describe('cart store: persistence', () => {
  it('saves the versioned lines without subtotals after each change', () => {
    store().addItem(templateInput({ id: 3 }));
    expect(stored()).toEqual({
      version: 1,
      items: [
        {
          id: store().items[0]!.id,
          template: expect.objectContaining({ id: 3, priceCents: 4900 }) as object,
          quantity: 1,
          customizations: { extra_domains: 0, extra_installations: 0 },
        },
      ],
    });
  });

  it('reloads the stored lines and recomputes every subtotal', async () => {
    store().addItem(templateInput({ id: 3, price: '10.00' }), { quantity: 3 });
    const saved = stored() as { items: Record<string, unknown>[] };
    saved.items[0]!.subtotalCents = 1; // a tampered or stale figure is never trusted
    useCartStore.setState({ ...withTotals([]) }); // as on a fresh page (this also saves)
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(saved));

    await useCartStore.persist.rehydrate();
    expect(store().items).toHaveLength(1);
    expect(store().items[0]?.subtotalCents).toBe(3000);
    expect(store().totals.totalCents).toBe(3600);
  });

  it.each([
    ['text that is not JSON', '{"version":1,"items":['],
    ['an old format', JSON.stringify({ state: { cart: [{ id: 1 }] }, version: 0 })],
    ['a future version', JSON.stringify({ version: 2, items: [] })],
    ['a bare value', '42'],
  ])('discards %s, logs it and starts empty', async (_label, raw) => {
    const warning = vi.spyOn(logger, 'warning');
    store().addItem(templateInput());
    localStorage.setItem(CART_STORAGE_KEY, raw);

    await useCartStore.persist.rehydrate();
    expect(store().items).toEqual([]);
    expect(store().totals.itemCount).toBe(0);
    expect(warning).toHaveBeenCalledWith('Stored cart discarded', expect.any(Object));
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBe(raw);
  });

  it('drops damaged lines and keeps the valid ones', async () => {
    const warning = vi.spyOn(logger, 'warning');
    store().addItem(templateInput({ id: 1 }));
    const saved = stored() as { items: unknown[] };
    saved.items.push({ id: 'x', template: { id: 2 }, quantity: 'lots' });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(saved));

    await useCartStore.persist.rehydrate();
    expect(store().items.map((item) => item.template.id)).toEqual([1]);
    expect(warning).toHaveBeenCalledWith('Damaged cart lines dropped', { stored: 2, kept: 1 });
  });

  it('reports a save failure in the error field and keeps the cart for this visit', () => {
    vi.spyOn(logger, 'warning').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    store().addItem(templateInput());
    expect(store().items).toHaveLength(1);
    expect(store().error).toEqual({ action: 'save', message: 'cart.save_failed' });
  });
});

describe('cart store: catalogue sync', () => {
  it('drops lines whose template is gone and refreshes the others', () => {
    const info = vi.spyOn(logger, 'info');
    store().addItem(templateInput({ id: 1, name: 'Starter' }));
    store().addItem(templateInput({ id: 2, name: 'Pro' }), { quantity: 2 });

    store().syncWithCatalog([templateInput({ id: 2, name: 'Pro', price: '59.00' })]);
    expect(
      store().items.map((item) => [item.template.id, item.quantity, item.subtotalCents]),
    ).toEqual([[2, 2, 11800]]);
    expect(store().unavailableRemoved).toEqual(['Starter']);
    expect(info).toHaveBeenCalledWith('Cart lines dropped: template no longer sold', {
      templateIds: [1],
    });
    store().acknowledgeUnavailable();
    expect(store().unavailableRemoved).toEqual([]);
  });

  it('changes nothing when the catalogue matches the cart', () => {
    store().addItem(templateInput({ id: 1 }));
    const before = store().items;
    store().syncWithCatalog([templateInput({ id: 1 }), templateInput({ id: 9 })]);
    expect(store().items).toBe(before);
  });
});

describe('cart store: resuming an order whose payment failed', () => {
  const placeOrder = () => {
    store().addItem(templateInput({ id: 1, price: '19.99' }), {
      quantity: 2,
      customizations: { extra_domains: 1, extra_installations: 0 },
    });
    store().clearAfterOrder();
  };

  it('empties the cart after an order, then puts the same lines back once', () => {
    placeOrder();
    expect(store().items).toEqual([]);
    expect(stored()).toMatchObject({ items: [] });

    expect(store().resumeLastOrder()).toBe(true);
    expect(
      store().items.map((item) => [item.template.id, item.quantity, item.subtotalCents]),
    ).toEqual([[1, 2, 2 * (1999 + 1000)]]);
    expect(store().items[0]?.customizations).toEqual({ extra_domains: 1, extra_installations: 0 });
    // Saved as the cart again, and not offered a second time.
    expect(stored()).toMatchObject({ items: [{ quantity: 2 }] });
    store().clear();
    expect(store().resumeLastOrder()).toBe(false);
  });

  it('keeps what was added since rather than the old order', () => {
    placeOrder();
    store().addItem(templateInput({ id: 2, name: 'Agence', price: '119.00' }));
    expect(store().resumeLastOrder()).toBe(false);
    expect(store().items.map((item) => item.template.id)).toEqual([2]);
    store().clear();
    expect(store().resumeLastOrder()).toBe(false);
  });

  it('forgets the lines once the order is paid, and after a day', () => {
    placeOrder();
    store().forgetLastOrder();
    expect(store().resumeLastOrder()).toBe(false);

    const now = vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    placeOrder();
    now.mockReturnValue(1_800_000_000_000 + 24 * 60 * 60 * 1000 + 1);
    expect(store().resumeLastOrder()).toBe(false);
    now.mockRestore();
  });

  it('ignores a damaged memory of the last order', () => {
    localStorage.setItem(`${CART_STORAGE_KEY}-last-order`, '{"version":1,"savedAt":');
    expect(store().resumeLastOrder()).toBe(false);
    localStorage.setItem(
      `${CART_STORAGE_KEY}-last-order`,
      JSON.stringify({ version: 1, savedAt: Date.now(), items: [{ id: 'x', quantity: -3 }] }),
    );
    expect(store().resumeLastOrder()).toBe(false);
    expect(store().items).toEqual([]);
  });
});
