import type { Language } from '@cadran/domain/constants';
import { pathInLanguage } from '@cadran/domain/localized-path';
import { translateMessage } from '@cadran/domain/messages';
import { ORDER_NUMBER_PATTERN } from '@cadran/domain/orders';
import { isPaymentFailureCode, paymentFailureMessageKey } from '@cadran/domain/payments';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Alert } from '@/components/ui/alert';
import { AnchorButton } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { currentLanguage } from '@/lib/i18n';
import { useSupportEmail } from '@/lib/support-email';

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

export interface OrderFailurePageProps {
  /**
   * What the page shows of the order its address names (a valid number): its number, and the
   * payment retried on that same order for its signed-in owner. The app makes it an island.
   */
  renderOrder: (orderNumber: string) => ReactNode;
  /**
   * The ways back to the checkout and the cart when the address names no order; the app makes
   * them an island that puts the last order's lines back in the emptied cart.
   */
  resume: ReactNode;
}

/**
 * Order failure page (docs/product.md 'Orders' ('Order failure page')): possible reasons (card,
 * bank security, connection, time-out), four things to do, the support address and hours. The
 * `order` query parameter names the order: the page shows its number and retries its payment on
 * that same order (docs/decisions/020-payment-attempts-per-order.md). The optional `error`
 * parameter is a failure code whose sentence the page shows. Without a known order, the page
 * leads back to the checkout or the cart. Drawn by the server for each address, as a public page
 * with islands (docs/decisions/048-islands-on-public-pages.md): the order and the ways back are
 * the only parts that move.
 */
export function OrderFailurePage({ renderOrder, resume }: OrderFailurePageProps) {
  const { t } = useTranslation('orders');
  const supportEmail = useSupportEmail();
  const lang = currentLanguage();
  const [params] = useSearchParams();
  const detail = failureDetail(params.get('error'), lang, t('failure.detailUnknown'));
  const rawNumber = params.get('order') ?? '';
  const orderNumber = ORDER_NUMBER_PATTERN.test(rawNumber) ? rawNumber : undefined;

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
        {orderNumber && renderOrder(orderNumber)}
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
          {!orderNumber && resume}
          <AnchorButton href={pathInLanguage('/contact', lang)} variant="outline" size="lg">
            {t('failure.contact')}
          </AnchorButton>
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
