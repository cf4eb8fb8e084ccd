import { SUPPORT_EMAIL } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { currentLanguage } from '@/lib/i18n';

const REASONS = ['card', 'security', 'connection', 'timeout'] as const;
const ACTIONS = ['check', 'bank', 'other', 'retry'] as const;

/** A query parameter is anyone's text: shown whole up to a sensible length, never as HTML. */
export const ERROR_DETAIL_MAX = 300;

export function errorDetail(raw: string | null): string | null {
  const text = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  return text.length > ERROR_DETAIL_MAX ? `${text.slice(0, ERROR_DETAIL_MAX)}…` : text;
}

/**
 * Order failure page (docs/product.md 'Orders' ('Order failure page')): possible reasons (card,
 * bank security, connection, time-out), four things to do, links to checkout, cart and contact, the
 * support address and hours. The optional `error` query parameter is the detail, rendered as plain
 * text by React. `onResume` runs before going back to the checkout or the cart: the app puts the
 * failed order's lines back in the emptied cart there, so the order can be placed again.
 */
export function OrderFailurePage({ onResume }: { onResume?: () => void } = {}) {
  const { t } = useTranslation('orders');
  const lang = currentLanguage();
  const [params] = useSearchParams();
  const detail = errorDetail(params.get('error'));

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
            <p className="wrap-anywhere">{t('failure.detail', { detail })}</p>
          </Alert>
        )}
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
          <LinkButton to="/store/checkout" size="lg" onClick={onResume}>
            {t('failure.retry')}
          </LinkButton>
          <LinkButton to="/store/cart" variant="outline" size="lg" onClick={onResume}>
            {t('failure.cart')}
          </LinkButton>
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
              href={`mailto:${SUPPORT_EMAIL}`}
              className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              {SUPPORT_EMAIL}
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
