import type { SessionUser } from '@cadran/domain/auth';
import type { CartCustomizations } from '@cadran/domain/cart';
import type { OrderCreateResponse } from '@cadran/domain/orders';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage } from '@/lib/i18n';
import { useQuote } from '@/lib/quote/use-quote';
import type { SessionStatus } from '@/lib/session-status';
import { CheckoutForm } from '../components/checkout-form';
import { CheckoutSteps } from '../components/checkout-steps';
import { CheckoutSummary } from '../components/checkout-summary';
import {
  checkoutQuoteRequest,
  type CheckoutLine,
  type CheckoutValues,
} from '../utils/checkout-form';

/** Everything the checkout needs from the cart and the account, handed in by the app layer. */
export interface CheckoutPageProps {
  lines: readonly CheckoutLine[];
  sessionStatus: SessionStatus;
  user: SessionUser | null;
  /** The login and register tabs; `onAuthenticated` moves focus to the form once signed in. */
  renderAuthPanel: (onAuthenticated: () => void) => ReactNode;
  /** The 'connected as' line with its logout button. */
  connectedAs: ReactNode;
  onCustomizationsChange: (lineId: string, customizations: CartCustomizations) => void;
  clearCart: () => void;
  subscribeNewsletter: (email: string) => Promise<unknown>;
  onSessionLost: () => void;
  /** Names of cart lines dropped because their licence is no longer sold. */
  unavailable?: readonly string[];
  onAcknowledgeUnavailable?: () => void;
  /** Leaves the site for the payment page; replaced in tests. */
  goToPayment?: (url: string) => void;
  /** The promo code kept with the cart ('' for none), and how the checkout changes it. */
  promoCode?: string;
  onPromoCodeChange?: (code: string) => void;
}

const leaveForPayment = (url: string) => window.location.assign(url);

/** How long a newsletter call may delay the way to an external payment page. */
const NEWSLETTER_GRACE_MS = 1500;

/**
 * docs/product.md 'Checkout' ('Who may check out', 'After the order is placed'): an empty cart goes
 * back to the cart; the anonymous sign in or register first; the signed-in fill the form. A created
 * order goes to its payment_url when there is one, else to its success page, and only then is the
 * cart emptied.
 */
export function CheckoutPage({
  lines,
  sessionStatus,
  user,
  renderAuthPanel,
  connectedAs,
  onCustomizationsChange,
  clearCart,
  subscribeNewsletter,
  onSessionLost,
  unavailable = [],
  onAcknowledgeUnavailable,
  goToPayment = leaveForPayment,
  promoCode = '',
  onPromoCodeChange = () => undefined,
}: CheckoutPageProps) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const [placed, setPlaced] = useState<OrderCreateResponse | null>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);
  const formStart = useRef<HTMLDivElement>(null);
  const signedIn = sessionStatus === 'authenticated' && user !== null;

  // The sign-in form that had focus is gone once signed in: continue at the order form.
  useEffect(() => {
    if (justSignedIn && signedIn) formStart.current?.focus();
  }, [justSignedIn, signedIn]);

  if (lines.length === 0 && !placed) return <Navigate to="/store/cart" replace />;

  const handlePlaced = (answer: OrderCreateResponse, values: CheckoutValues) => {
    setPlaced(answer);
    // The newsletter box is optional, and its failure must not spoil the order.
    const newsletter = values.newsletter
      ? subscribeNewsletter(values.billing.email).catch(() => undefined)
      : Promise.resolve();
    const paymentUrl = answer.payment_url;
    if (paymentUrl) {
      const grace = new Promise((resolve) => setTimeout(resolve, NEWSLETTER_GRACE_MS));
      void Promise.race([newsletter, grace]).then(() => {
        clearCart();
        goToPayment(paymentUrl);
      });
      return;
    }
    void navigate(`/store/order/success/${encodeURIComponent(answer.order.order_number)}`);
    clearCart();
  };

  return (
    <>
      <PageMeta titleKey="meta.checkout.title" descriptionKey="meta.checkout.description" />
      <PageHeader
        title={t('meta.checkout.title', { ns: 'common' })}
        intro={t('meta.checkout.description', { ns: 'common' })}
      />
      <Container className="py-10 sm:py-14">
        <CheckoutSteps current={placed ? 'payment' : 'information'} />

        {unavailable.length > 0 && (
          <Alert tone="warning" className="mt-8">
            <p>{t('unavailable', { names: unavailable.join(', ') })}</p>
            {onAcknowledgeUnavailable && (
              <Button
                variant="outline"
                size="sm"
                className="mt-3"
                onClick={onAcknowledgeUnavailable}
              >
                {t('unavailableDismiss')}
              </Button>
            )}
          </Alert>
        )}

        <div className="mt-10">
          {placed ? (
            <div className="flex min-h-48 items-center justify-center rounded-card border border-slate-200 text-slate-700">
              <Spinner label={t('actions.redirecting')} />
            </div>
          ) : signedIn ? (
            <>
              <div ref={formStart} tabIndex={-1} className="mb-8 focus:outline-none">
                {connectedAs}
              </div>
              <CheckoutForm
                user={user}
                lines={lines}
                onCustomizationsChange={onCustomizationsChange}
                onPlaced={handlePlaced}
                onSessionLost={onSessionLost}
                promoCode={promoCode}
                onPromoCodeChange={onPromoCodeChange}
              />
            </>
          ) : sessionStatus === 'anonymous' ? (
            <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start xl:gap-12">
              <section aria-labelledby="checkout-account-title" className="min-w-0 space-y-5">
                <div>
                  <h2 id="checkout-account-title" className="text-xl font-semibold text-slate-900">
                    {t('account.title')}
                  </h2>
                  <p className="mt-1 text-slate-600">{t('account.intro')}</p>
                </div>
                <Alert tone="info">{t('account.autoCreate')}</Alert>
                {renderAuthPanel(() => setJustSignedIn(true))}
              </section>
              <div className="lg:sticky lg:top-24">
                <GuestSummary lines={lines} promoCode={promoCode} />
              </div>
            </div>
          ) : (
            <div className="flex min-h-48 items-center justify-center rounded-card border border-slate-200 text-slate-600">
              <Spinner label={t('account.checking')} />
            </div>
          )}
        </div>
      </Container>
    </>
  );
}

/** Before signing in the billing country is not known yet: the summary prices French VAT. */
function GuestSummary({ lines, promoCode }: { lines: readonly CheckoutLine[]; promoCode: string }) {
  const request = useMemo(
    () => checkoutQuoteRequest(lines, 'FR', '', promoCode),
    [lines, promoCode],
  );
  const priced = useQuote(request, currentLanguage());
  return (
    <CheckoutSummary
      lines={lines}
      country="FR"
      quote={priced.quote}
      updating={priced.updating}
      failure={priced.failure}
      promoCode={promoCode}
    />
  );
}
