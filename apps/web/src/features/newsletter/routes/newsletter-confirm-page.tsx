import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { Spinner } from '@/components/ui/spinner';
import { isApiRequestError } from '@/lib/api-client';
import { useNewsletterConfirmation } from '../api/confirm-newsletter';

type View = 'pending' | 'success' | 'invalid' | 'error';

/**
 * Landing page of the double opt-in mail: /newsletter/confirm?token=... posts the token and
 * says whether the subscription is confirmed. A missing, forged or expired token (the server
 * answers 400) reads as "invalid or expired"; a network failure offers to try again.
 */
export function NewsletterConfirmPage() {
  const { t } = useTranslation('newsletter');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirmation = useNewsletterConfirmation(token);

  const view: View =
    token === ''
      ? 'invalid'
      : confirmation.isSuccess
        ? 'success'
        : confirmation.isError
          ? isApiRequestError(confirmation.error) &&
            confirmation.error.status >= 400 &&
            confirmation.error.status < 500 &&
            confirmation.error.status !== 429
            ? 'invalid'
            : 'error'
          : 'pending';

  return (
    <>
      <PageMeta
        ns="newsletter"
        titleKey="confirm.metaTitle"
        descriptionKey="confirm.metaDescription"
      />
      <meta name="robots" content="noindex" />
      <Container size="narrow" className="py-16 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          {view === 'pending' && (
            <div className="mb-6 flex justify-center text-brand-700">
              <Spinner size="lg" />
            </div>
          )}
          <h1 className="text-3xl sm:text-4xl">{t(`confirm.${view}Title`)}</h1>
          <div className="mt-8 text-left">
            {view === 'pending' && (
              <p className="text-center text-lg text-slate-600">{t('confirm.pendingText')}</p>
            )}
            {view === 'success' && <Alert tone="success">{t('confirm.successText')}</Alert>}
            {view === 'invalid' && <Alert tone="warning">{t('confirm.invalidText')}</Alert>}
            {view === 'error' && <Alert tone="error">{t('confirm.errorText')}</Alert>}
          </div>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            {view === 'error' && (
              <Button onClick={() => void confirmation.refetch()}>{t('confirm.retry')}</Button>
            )}
            <LinkButton to="/" variant={view === 'error' ? 'outline' : 'primary'}>
              {t('confirm.home')}
            </LinkButton>
            {view === 'success' && (
              <LinkButton to="/roadmap" variant="outline">
                {t('confirm.roadmap')}
              </LinkButton>
            )}
          </div>
        </div>
      </Container>
    </>
  );
}
