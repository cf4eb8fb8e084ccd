import { translateMessage } from '@cadran/domain/messages';
import type { QuoteRequestInput } from '@cadran/domain/quote';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/page-meta';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { currentLanguage } from '@/lib/i18n';
import { usePromoApply } from '@/lib/quote/apply-promo';
import { useQuote } from '@/lib/quote/use-quote';
import { useCatalogSync } from '../hooks/use-catalog-sync';
import { CartEmpty } from '../components/cart-empty';
import { CartLineItem } from '../components/cart-line-item';
import { CartReassurance } from '../components/cart-reassurance';
import { CartSummary } from '../components/cart-summary';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useCartStore, type CartItem } from '../store/cart-store';

/** The cart as the quote takes it: lines and extras, no domains yet, French VAT. */
function cartQuoteRequest(
  items: readonly CartItem[],
): Omit<QuoteRequestInput, 'promo_code'> | null {
  if (items.length === 0) return null;
  return {
    items: items.map((item) => ({
      template_id: item.template.id,
      quantity: item.quantity,
      customizations: {
        extra_domains: item.customizations.extra_domains,
        extra_installations: item.customizations.extra_installations,
      },
    })),
    country: 'FR',
  };
}

/**
 * The cart page (docs/product.md 'Cart'): lines, summary, confirm prompts; changes persist through
 * the store.
 */
export function CartPage() {
  const { t } = useTranslation('cart');
  const lang = currentLanguage();
  const items = useCartStore((state) => state.items);
  const totals = useCartStore((state) => state.totals);
  const promoCode = useCartStore((state) => state.promoCode);
  const error = useCartStore((state) => state.error);
  const unavailable = useCartStore((state) => state.unavailableRemoved);
  const { updateQuantity, removeItem, clear, clearError, acknowledgeUnavailable, setPromoCode } =
    useCartStore.getState();
  const [removing, setRemoving] = useState<CartItem | null>(null);
  const [clearing, setClearing] = useState(false);

  useCatalogSync(lang, items.length > 0);

  // The cart is priced by the server, with French VAT until the checkout knows the country.
  const base = useMemo(() => cartQuoteRequest(items), [items]);
  const request = useMemo(
    () => (base ? { ...base, promo_code: promoCode } : null),
    [base, promoCode],
  );
  const priced = useQuote(request, lang);
  const applyPromo = usePromoApply(base, lang, setPromoCode);

  // After a removal the button that opened the prompt is gone: continue from the list.
  const afterRemoval = () =>
    document.getElementById('cart-lines-title') ?? document.getElementById('cart-empty-title');

  // The store already records and logs a failure in its error field, shown below.
  const attempt = (action: () => void) => {
    try {
      action();
    } catch {
      // Nothing else to do here.
    }
  };

  return (
    <>
      <PageMeta titleKey="meta.cart.title" descriptionKey="meta.cart.description" />
      <PageHeader
        title={t('meta.cart.title', { ns: 'common' })}
        intro={t('meta.cart.description', { ns: 'common' })}
      />
      <Container className="py-10 sm:py-14">
        <div className="space-y-4">
          {error && (
            <Alert tone="error">
              <p>{translateMessage(error.message, lang)}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={clearError}>
                {t('error.dismiss')}
              </Button>
            </Alert>
          )}
          {unavailable.length > 0 && (
            <Alert tone="warning" title={t('unavailable.title')}>
              <p>{t('unavailable.text', { names: unavailable.join(', ') })}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={acknowledgeUnavailable}>
                {t('unavailable.dismiss')}
              </Button>
            </Alert>
          )}
        </div>

        {items.length === 0 ? (
          <div className="mt-4">
            <CartEmpty />
          </div>
        ) : (
          <div className="mt-4 grid gap-8 lg:grid-cols-3 lg:items-start">
            <section aria-labelledby="cart-lines-title" className="lg:col-span-2">
              <h2 id="cart-lines-title" tabIndex={-1} className="sr-only">
                {t('lines.title')}
              </h2>
              <ul className="space-y-4">
                {items.map((item) => (
                  <CartLineItem
                    key={item.id}
                    item={item}
                    onQuantityChange={(quantity) =>
                      attempt(() => updateQuantity(item.id, quantity))
                    }
                    onRemove={() => setRemoving(item)}
                  />
                ))}
              </ul>
            </section>
            <div className="lg:sticky lg:top-24">
              <CartSummary
                itemCount={totals.itemCount}
                quote={priced.quote}
                updating={priced.updating}
                failure={priced.failure}
                promoCode={promoCode}
                promoError={priced.fieldErrors.promo_code?.[0]}
                onApplyPromo={applyPromo}
                onRemovePromo={() => setPromoCode('')}
                onClear={() => setClearing(true)}
              />
              <CartReassurance />
            </div>
          </div>
        )}
      </Container>

      <ConfirmDialog
        open={removing !== null}
        title={t('confirmRemove.title')}
        description={t('confirmRemove.text', { name: removing?.template.name ?? '' })}
        confirmLabel={t('confirmRemove.confirm')}
        cancelLabel={t('confirmRemove.cancel')}
        onConfirm={() => {
          if (removing) attempt(() => removeItem(removing.id));
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
        fallbackFocus={afterRemoval}
      />
      <ConfirmDialog
        open={clearing}
        title={t('confirmClear.title')}
        description={t('confirmClear.text')}
        confirmLabel={t('confirmClear.confirm')}
        cancelLabel={t('confirmClear.cancel')}
        onConfirm={() => {
          attempt(clear);
          setClearing(false);
        }}
        onCancel={() => setClearing(false)}
        fallbackFocus={afterRemoval}
      />
    </>
  );
}
