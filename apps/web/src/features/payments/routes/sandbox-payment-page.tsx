import { pathWithoutLanguage } from '@cadran/domain/localized-path';
import type { SandboxDecision } from '@cadran/domain/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Alert } from '@/components/ui/alert';
import { AnchorButton } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { clientSignInUrl, hereForSignIn } from '@/lib/client-area';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { isApiRequestError } from '@/lib/api-client';
import type { SandboxMethodDetails } from '@/lib/renewals/schemas';
import type { SessionStatus } from '@/lib/session-status';
import { useDecideSandboxPayment } from '../api/decide-sandbox-payment';
import { useSandboxPayment } from '../api/get-sandbox-payment';
import { SandboxPaymentPanel } from '../components/sandbox-payment-panel';

export interface SandboxPaymentPageProps {
  /** Payments are shown to the signed-in owner of their order only. */
  sessionStatus: SessionStatus;
}

/**
 * The hosted test payment page (docs/product.md 'Payment' ('The payment sandbox')): says plainly it
 * is a test, shows the order number and amount, and offers Pay and Decline. The server applies the
 * decision through the same fulfilment as a provider's webhook and names the page to go to next.
 */
export function SandboxPaymentPage({ sessionStatus }: SandboxPaymentPageProps) {
  const { t } = useTranslation('payments');
  const { paymentId = '' } = useParams();
  const navigate = useNavigate();
  const signedIn = sessionStatus === 'authenticated';
  const query = useSandboxPayment(paymentId, signedIn);
  const decide = useDecideSandboxPayment(paymentId);
  const [pending, setPending] = useState<SandboxDecision['decision'] | null>(null);

  const onDecide = (decision: SandboxDecision['decision'], details?: SandboxMethodDetails) => {
    setPending(decision);
    decide.mutate(details ? { decision, details } : { decision }, {
      // The server names the page at its address in the buyer's language; the router adds this
      // page's own language prefix (its basename), so the path goes without one.
      onSuccess: (answer) => void navigate(pathWithoutLanguage(answer.redirect_url)),
      onError: () => setPending(null),
    });
  };

  const header = (
    <>
      <PageMeta titleKey="meta.title" descriptionKey="meta.description" ns="payments" />
      <PageHeader
        eyebrow={t('sandbox.eyebrow')}
        title={t('sandbox.title')}
        intro={t('sandbox.intro')}
      />
    </>
  );

  if (sessionStatus === 'anonymous' || query.isError) {
    const notFound = query.isError && isApiRequestError(query.error) && query.error.status === 404;
    const message =
      sessionStatus === 'anonymous'
        ? t('sandbox.signInNeeded')
        : notFound
          ? t('sandbox.notFound')
          : (isApiRequestError(query.error) && query.error.serverMessage) || t('sandbox.notFound');
    return (
      <>
        {header}
        <Container className="py-12 sm:py-16">
          <div className="mx-auto max-w-xl space-y-6">
            <Alert tone="error" title={t('sandbox.errorTitle')}>
              {message}
            </Alert>
            <div className="flex flex-wrap gap-3">
              {sessionStatus === 'anonymous' && (
                <AnchorButton href={clientSignInUrl(hereForSignIn())}>
                  {t('sandbox.signIn')}
                </AnchorButton>
              )}
              <LinkButton to="/pricing" variant="outline">
                {t('sandbox.browse')}
              </LinkButton>
            </div>
          </div>
        </Container>
      </>
    );
  }

  const decideError = decide.error
    ? (isApiRequestError(decide.error) && decide.error.serverMessage) || t('sandbox.failed')
    : null;

  return (
    <>
      {header}
      <Container className="py-10 sm:py-14">
        {query.data ? (
          <SandboxPaymentPanel
            payment={query.data}
            pending={pending}
            error={decideError}
            onDecide={onDecide}
          />
        ) : (
          <div className="flex min-h-[30vh] items-center justify-center text-brand-700">
            <Spinner size="lg" label={t('sandbox.loading')} />
          </div>
        )}
      </Container>
    </>
  );
}
