import type { CartCustomizations } from '@cadran/domain/cart';
import { useMemo } from 'react';
import { AuthTabs } from '@/features/auth/components/auth-tabs';
import { ConnectedAs } from '@/features/auth/components/connected-as';
import { useSessionStatus } from '@/features/auth/hooks/use-session-status';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { useCatalogSync } from '@/features/cart/hooks/use-catalog-sync';
import { useCartStore, type CartItem } from '@/features/cart/store/cart-store';
import { CheckoutPage } from '@/features/checkout/routes/checkout-page';
import type { CheckoutLine } from '@/features/checkout/utils/checkout-form';
import { subscribeToNewsletter } from '@/features/newsletter/api/subscribe-newsletter';
import { currentLanguage } from '@/lib/i18n';

const toCheckoutLine = (item: CartItem): CheckoutLine => ({
  id: item.id,
  templateId: item.template.id,
  name: item.template.name,
  domainLimit: item.template.domainLimit,
  installationLimit: item.template.installationLimit,
  updatesIncluded: item.template.updatePermissions,
  quantity: item.quantity,
  priceCents: item.template.priceCents,
  setupFeeCents: item.template.setupFeeCents,
  customizations: item.customizations,
});

/**
 * Features never import each other, so the app composes the checkout (docs/product.md 'Checkout'):
 * the cart's lines, promo code and actions, the account's status, tabs and 'connected as' line, and the
 * newsletter subscription the checkout offers.
 */
export function CheckoutRoute() {
  const lang = currentLanguage();
  const sessionStatus = useSessionStatus();
  const user = useAuthStore((state) => state.user);
  const items = useCartStore((state) => state.items);
  const unavailable = useCartStore((state) => state.unavailableRemoved);
  const promoCode = useCartStore((state) => state.promoCode);
  const lines = useMemo(() => items.map(toCheckoutLine), [items]);

  // Prices and availability as the catalogue has them now, as the server will price them.
  useCatalogSync(lang, items.length > 0);

  const updateCustomizations = (lineId: string, customizations: CartCustomizations) => {
    try {
      useCartStore.getState().updateCustomizations(lineId, customizations);
    } catch {
      // The store records and logs the failure in its error field.
    }
  };

  return (
    <CheckoutPage
      lines={lines}
      sessionStatus={sessionStatus}
      user={user}
      renderAuthPanel={(onAuthenticated) => (
        // At checkout a sign-in that got no answer asks to try again (the specification's words).
        <AuthTabs onAuthenticated={onAuthenticated} loginFailureFallback="auth.login_retry" />
      )}
      connectedAs={<ConnectedAs />}
      onCustomizationsChange={updateCustomizations}
      clearCart={() => {
        try {
          useCartStore.getState().clearAfterOrder();
        } catch {
          // Same as above: the order exists, a cart that failed to clear is only cosmetic.
        }
      }}
      subscribeNewsletter={(email) => subscribeToNewsletter(email, lang)}
      onSessionLost={() => void useAuthStore.getState().checkSession()}
      unavailable={unavailable}
      onAcknowledgeUnavailable={() => useCartStore.getState().acknowledgeUnavailable()}
      promoCode={promoCode}
      onPromoCodeChange={(code) => useCartStore.getState().setPromoCode(code)}
    />
  );
}
