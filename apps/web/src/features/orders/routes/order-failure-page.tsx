import type { Language } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import { ORDER_NUMBER_PATTERN } from '@cadran/domain/orders';
import { isPaymentFailureCode, paymentFailureMessageKey } from '@cadran/domain/payments';
import { useTranslation } from 'react-i18next';
import { useSupportEmail } from '@/lib/support-email';
import { useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage } from '@/lib/i18n';
import type { SessionStatus } from '@/lib/session-status';
import { useOrderByNumber } from '../api/get-order-by-number';
import { OrderTitle, RetryPaymentPanel, canRetryPayment } from '../components/retry-payment-panel';

const REASONS = ['card', 'security', 'connection', 'timeout'] as const;
const ACTIONS = ['check', 'bank', 'other', 'retry'] as const;

/**
 * What the page says about the `error` parameter: the sentence of a code it knows, the generic
 * text for anything else. The address is anyone's to write, so its text is never shown.
 */
export function failureDetail(raw: string | null, lang: Language, generic: string): string | null {
  if (raw === null || raw.trim() === '') return null;
  return isPaymentFailureCode(raw)
    ? translateMessage(paymentFailureMessageKey(raw), lang)
    : generic;
}

const leaveForPayment = (url: string) => window.location.assign(url);

export interface OrderFailurePageProps {
  /** Orders are read by their signed-in owner only. */
  sessionStatus?: SessionStatus;
  /**
   * Runs before going back to the checkout or the cart when the page does not know the order:
   * the app puts the lines of the last order placed back in the emptied cart.
   */
  onResume?: () => void;
  /** Leaves the site for the payment page; replaced in tests. */
  goToPayment?: (url: string) => void;
}

/**
 * Order failure page (docs/product.md 'Orders' ('Order failure page')): possible reasons (card,
 * bank security, connection, time-out), four things to do, the support address and hours. The
 * `order` query parameter names the order: the page shows its number and retries its payment on
 * that same order (docs/decisions/020-payment-attempts-per-order.md). The optional `error`
 * parameter is a failure code whose sentence the page shows. Without a known order, the page
 * leads back to the checkout or the cart, `onResume` putting the last order's lines back.
 */
export function OrderFailurePage({
  sessionStatus = 'unknown',
  onResume,
  goToPayment = leaveForPayment,
}: OrderFailurePageProps = {}) {
  const { t } = useTranslation('orders');
  const supportEmail = useSupportEmail();
  const lang = currentLanguage();
  const [params] = useSearchParams();
  const detail = failureDetail(params.get('error'), lang, t('failure.detailUnknown'));
  const rawNumber = params.get('order') ?? '';
  const orderNumber = ORDER_NUMBER_PATTERN.test(rawNumber) ? rawNumber : undefined;
  const query = useOrderByNumber(orderNumber, lang, sessionStatus === 'authenticated');
  const order = query.data;

  return (
    <>
      <PageMeta titleKey="meta.orderFailure.title" descriptionKey="meta.orderFailure.description" />
      <PageHeader
        title={t('meta.orderFailure.title', { ns: 'common' })}
        intro={t('failure.intro')}
      />
      <Container className="py-10 sm:py-14">
        {detail && (
          <Alert tone="error" className="mb-10 max-w-3xl">
            <p>{detail}</p>
          </Alert>
        )}
        {orderNumber &&
          (order && canRetryPayment(order) ? (
            <RetryPaymentPanel
              order={order}
              reload={async () => (await query.refetch()).data}
              goToPayment={goToPayment}
            />
          ) : (
            <section
              aria-labelledby="failure-order-title"
              className="mb-10 max-w-3xl rounded-card border border-slate-200 p-6"
            >
              <h2 id="failure-order-title" className="text-xl">
                <OrderTitle number={orderNumber} />
              </h2>
              {query.isFetching ? (
                <Spinner className="mt-3" label={t('failure.orderLoading')} />
              ) : (
                <p className="mt-2 leading-7 text-slate-700">
                  {order ? t('failure.orderNotRetryable') : t('failure.orderUnknown')}
                </p>
              )}
            </section>
          ))}
        <div className="grid gap-10 lg:grid-cols-2">
          <section aria-labelledby="failure-reasons-title">
            <h2 id="failure-reasons-title" className="text-xl">
              {t('failure.reasonsTitle')}
            </h2>
            <ul className="mt-4 space-y-3">
              {REASONS.map((reason) => (
                <li key={reason} className="flex gap-3 leading-6 text-slate-700">
                  <span
                    aria-hidden="true"
                    className="mt-2.5 size-1.5 shrink-0 rounded-full bg-slate-500"
                  />
                  {t(`failure.reasons.${reason}`)}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="failure-actions-title">
            <h2 id="failure-actions-title" className="text-xl">
              {t('failure.actionsTitle')}
            </h2>
            <ol className="mt-4 space-y-3">
              {ACTIONS.map((action, index) => (
                <li key={action} className="flex gap-3 leading-6 text-slate-700">
                  <span
                    aria-hidden="true"
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800 ring-1 ring-brand-200"
                  >
                    {index + 1}
                  </span>
                  {t(`failure.actions.${action}`)}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {!orderNumber && (
            <>
              <LinkButton to="/store/checkout" size="lg" onClick={onResume}>
                {t('failure.retry')}
              </LinkButton>
              <LinkButton to="/store/cart" variant="outline" size="lg" onClick={onResume}>
                {t('failure.cart')}
              </LinkButton>
            </>
          )}
          <LinkButton to="/contact" variant="outline" size="lg">
            {t('failure.contact')}
          </LinkButton>
        </div>

        <section
          aria-labelledby="failure-support-title"
          className="mt-12 max-w-3xl rounded-card border border-slate-200 bg-slate-50 p-6"
        >
          <h2 id="failure-support-title" className="text-xl">
            {t('failure.supportTitle')}
          </h2>
          <p className="mt-2 leading-7 text-slate-700">
            {t('failure.supportText')}{' '}
            <a
              href={`mailto:${supportEmail}`}
              className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              {supportEmail}
            </a>
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {t('failure.supportHours', {
              hours: translateMessage('support.hours', lang),
              reply: translateMessage('support.reply_time', lang),
            })}
          </p>
        </section>
      </Container>
    </>
  );
}
