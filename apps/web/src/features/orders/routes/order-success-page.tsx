import { translateMessage } from '@cadran/domain/messages';
import type { Order } from '@cadran/domain/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { clientSignInUrl, hereForSignIn } from '@/lib/client-area';
import { Alert } from '@/components/ui/alert';
import { AnchorButton, Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { isApiRequestError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import type { SessionStatus } from '@/lib/session-status';
import { useOrderByNumber } from '../api/get-order-by-number';
import { usePaymentStatus } from '../api/get-payment-status';
import { BankTransferDetails } from '../components/bank-transfer-details';
import { NextSteps } from '../components/next-steps';
import { OrderItems } from '../components/order-items';
import { OrderBillingAddress, OrderOverview } from '../components/order-overview';
import { PaymentProgress } from '../components/payment-progress';

export interface OrderSuccessPageProps {
  /** Orders are only shown to their signed-in owner (the server answers 401 otherwise). */
  sessionStatus: SessionStatus;
}

/**
 * Order success page (docs/product.md 'Orders' ('Order success page')): loads the order by number;
 * a loading state, then an error state with a link to /pricing when the lookup fails or no number
 * is given; otherwise the order, its items, the next steps, links and a print button (the print
 * view drops the site chrome).
 */
export function OrderSuccessPage({ sessionStatus }: OrderSuccessPageProps) {
  const { t } = useTranslation('orders');
  const lang = currentLanguage();
  const { orderNumber } = useParams();
  const signedIn = sessionStatus === 'authenticated';
  const query = useOrderByNumber(orderNumber, lang, signedIn);
  const meta = (
    <PageMeta titleKey="meta.orderSuccess.title" descriptionKey="meta.orderSuccess.description" />
  );

  if (!orderNumber || sessionStatus === 'anonymous' || query.isError) {
    let message = translateMessage('orders.not_found', lang);
    if (orderNumber && sessionStatus === 'anonymous') message = t('success.signInNeeded');
    else if (query.isError) {
      const error = query.error;
      message =
        (isApiRequestError(error) && error.serverMessage) ||
        translateMessage('orders.fetch_failed', lang);
    }
    return (
      <>
        <PageMeta title={t('success.errorTitle')} descriptionKey="meta.orderSuccess.description" />
        <PageHeader title={t('success.errorTitle')} />
        <Container className="py-12 sm:py-16">
          <div className="max-w-2xl space-y-6">
            <Alert tone="error">
              <p>{message}</p>
              {!orderNumber && <p>{t('success.noNumber')}</p>}
            </Alert>
            <div className="flex flex-wrap gap-3">
              {orderNumber && sessionStatus === 'anonymous' && (
                <AnchorButton href={clientSignInUrl(hereForSignIn())}>
                  {t('success.signIn')}
                </AnchorButton>
              )}
              {query.isError && (
                <Button variant="outline" onClick={() => void query.refetch()}>
                  {t('success.retry')}
                </Button>
              )}
              <LinkButton to="/pricing" variant="outline">
                {t('success.browse')}
              </LinkButton>
            </div>
          </div>
        </Container>
      </>
    );
  }

  if (!query.data) {
    return (
      <>
        {meta}
        <PageHeader title={t('meta.orderSuccess.title', { ns: 'common' })} />
        <div className="flex min-h-[40vh] items-center justify-center py-20 text-brand-700">
          <Spinner size="lg" label={t('success.loading')} />
        </div>
      </>
    );
  }

  return <OrderSuccessContent order={query.data} />;
}

function OrderSuccessContent({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const payment = usePaymentStatus(order);
  const queryClient = useQueryClient();
  const fresh = payment.data;
  // Once the provider's confirmation lands, the order itself is read again so its
  // status labels follow.
  useEffect(() => {
    if (fresh && (fresh.status !== order.status || fresh.payment_status !== order.payment_status)) {
      void queryClient.invalidateQueries({ queryKey: ['orders', 'number', order.order_number] });
    }
  }, [fresh, order.status, order.payment_status, order.order_number, queryClient]);
  const awaitingTransfer =
    order.payment_method === 'bank_transfer' && order.payment_status !== 'paid';
  return (
    <>
      <PageMeta
        title={`${t('meta.orderSuccess.title', { ns: 'common' })} ${order.order_number}`}
        descriptionKey="meta.orderSuccess.description"
      />
      <PageHeader
        eyebrow={t('meta.orderSuccess.title', { ns: 'common' })}
        title={t('success.title')}
        intro={t('success.intro', { number: order.order_number })}
      />
      <Container className="space-y-10 py-10 sm:py-14 print:space-y-6 print:py-4">
        <PaymentProgress
          order={order}
          status={fresh}
          timedOut={payment.timedOut}
          checkFailed={payment.isError && !fresh}
        />
        <OrderOverview order={order} />
        {awaitingTransfer && order.bank_transfer && (
          <BankTransferDetails order={order} details={order.bank_transfer} />
        )}
        {awaitingTransfer && !order.bank_transfer && (
          <Alert tone="info" title={t('success.transferTitle')} className="break-inside-avoid">
            {t('success.transferText', { number: order.order_number })}
          </Alert>
        )}
        <OrderItems order={order} />
        <div className="grid gap-10 lg:grid-cols-2">
          <OrderBillingAddress order={order} />
          <NextSteps invoice={order.invoice} />
        </div>
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-8 sm:flex-row sm:flex-wrap print:hidden">
          <AnchorButton href="/client" size="lg">
            {t('success.clientArea')}
          </AnchorButton>
          {order.invoice && (
            <AnchorButton
              href={order.invoice.url}
              variant="outline"
              size="lg"
              download
              // The invoice's number makes the longest label: on a phone it wraps, not overflows.
              className="text-center max-sm:whitespace-normal"
            >
              {t('success.invoice', { number: order.invoice.number })}
            </AnchorButton>
          )}
          <LinkButton to="/pricing" variant="outline" size="lg">
            {t('success.browse')}
          </LinkButton>
          <LinkButton to="/contact" variant="outline" size="lg">
            {t('success.contact')}
          </LinkButton>
          <Button variant="ghost" size="lg" onClick={() => window.print()}>
            <svg
              className="size-5"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M7 9V3h10v6M7 17H5a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2h-2" />
              <path d="M7 14h10v7H7z" />
            </svg>
            {t('success.print')}
          </Button>
        </div>
      </Container>
    </>
  );
}
