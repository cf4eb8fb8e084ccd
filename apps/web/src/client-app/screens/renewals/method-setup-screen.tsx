import type { MethodSetup } from '@cadran/domain/method-setup-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  DEFAULT_METHOD_DRAFT,
  methodDetails,
  SandboxMethodFields,
} from '@/components/payments/sandbox-method-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { licencesKey } from '../../api/licences';
import { decideSandboxSetup, readSandboxSetup } from '../../api/renewals';
import { failureMessage, Panel, QueryState, ScreenTitle } from '../../components/screen';
import { SavedMethodText } from './saved-method';

/** The form of an open setup: the test method typed, saved or left aside. */
function SetupForm({ setup }: { setup: MethodSetup }) {
  const { t } = useTranslation('renewals');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(DEFAULT_METHOD_DRAFT);
  const [pending, setPending] = useState<'pay' | 'decline' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const decide = async (decision: 'pay' | 'decline') => {
    setPending(decision);
    setProblem(null);
    try {
      const answer = await decideSandboxSetup(
        setup.id,
        decision === 'pay' ? { decision, ...methodDetails(draft) } : { decision },
      );
      await queryClient.invalidateQueries({ queryKey: licencesKey });
      await navigate(`/licences/${encodeURIComponent(answer.setup.license_id)}`);
    } catch (error) {
      setProblem(failureMessage(error, t('setup.failed')));
      setPending(null);
    }
  };

  return (
    <>
      {problem && <Alert tone="error">{problem}</Alert>}
      <SandboxMethodFields draft={draft} onChange={setDraft} saves disabled={pending !== null} />
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          loading={pending === 'pay'}
          disabled={pending !== null}
          onClick={() => void decide('pay')}
        >
          {t('setup.save')}
        </Button>
        <Button
          variant="outline"
          loading={pending === 'decline'}
          disabled={pending !== null}
          onClick={() => void decide('decline')}
        >
          {t('setup.keep')}
        </Button>
      </div>
    </>
  );
}

/**
 * The sandbox's page where the owner saves a new method for a licence's renewals
 * (docs/product.md 'Licences' ('Automatic renewal')): says it is a test, shows the method on
 * file, takes a test card or IBAN, and goes back to the licence. Nothing is charged here; a
 * charge that was failing is made on the new method by the next renewal run.
 */
export function MethodSetupScreen() {
  const { t } = useTranslation('renewals');
  const { setupId = '' } = useParams();
  const query = useQuery({
    queryKey: ['client', 'method-setup', setupId],
    queryFn: ({ signal }) => readSandboxSetup(setupId, signal),
    select: (answer) => answer.setup,
    staleTime: 0,
  });
  const setup = query.data;

  return (
    <>
      <ScreenTitle
        title={t('setup.title')}
        intro={setup ? t('setup.intro', { key: setup.license_key }) : undefined}
      />
      {!setup ? (
        <QueryState
          pending={query.isPending}
          error={query.error}
          retry={() => void query.refetch()}
          notFound={t('setup.notFound')}
        />
      ) : (
        <div className="max-w-2xl space-y-6">
          <Alert tone="warning" title={t('setup.noticeTitle')}>
            {t('setup.noticeText')}
          </Alert>
          <Panel title={t('setup.current')} id="method-setup-current">
            <p className="font-medium text-slate-900">
              <SavedMethodText method={setup.current_method} />
            </p>
            {setup.status === 'open' ? (
              <SetupForm setup={setup} />
            ) : (
              <p role="status" className="mt-4 text-slate-700">
                {t('setup.done')}
              </p>
            )}
          </Panel>
          <Link
            to={`/licences/${encodeURIComponent(setup.license_id)}`}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {t('setup.back')}
          </Link>
        </div>
      )}
    </>
  );
}
