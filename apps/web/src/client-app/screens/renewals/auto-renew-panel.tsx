import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCents, formatDate } from '@/lib/format';
import type { AutoRenew, RenewingLicence } from '@/lib/renewals/schemas';
import { setAutoRenew, startMethodChange } from '../../api/renewals';
import { failureMessage, Panel } from '../../components/screen';
import { SavedMethodText } from './saved-method';
import { StopRenewalButton } from './stop-renewal';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** What the next automatic charge is, or why there is none. */
function nextCharge(autoRenew: AutoRenew, t: TFunction<'renewals'>): string {
  if (!autoRenew.enabled || !autoRenew.next_charge_at) return t('panel.noCharge');
  return autoRenew.next_amount === null
    ? formatDate(autoRenew.next_charge_at)
    : t('panel.chargeOn', {
        amount: formatCents(autoRenew.next_amount),
        date: formatDate(autoRenew.next_charge_at),
      });
}

/**
 * A licence's automatic renewal in the client area: on or off, the method on file, the next
 * charge; change the method, stop it (confirmed, the licence running to its term), turn it back
 * on when a method is on file.
 */
export function AutoRenewPanel({
  licence,
  reload,
}: {
  licence: RenewingLicence;
  reload: () => Promise<unknown>;
}) {
  const { t } = useTranslation('renewals');
  const [busy, setBusy] = useState<'method' | 'resume' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const autoRenew = licence.auto_renew;
  if (!autoRenew || !licence.renewable) return null;

  const act = async (kind: 'method' | 'resume', action: () => Promise<void>) => {
    setBusy(kind);
    setProblem(null);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setProblem(failureMessage(error, t('panel.failed')));
    }
    setBusy(null);
  };
  const changeMethod = () =>
    act('method', async () => {
      const answer = await startMethodChange(licence.id);
      window.location.assign(answer.url);
    });
  const resume = () =>
    act('resume', async () => {
      await setAutoRenew(licence.id, true);
      await reload();
      setNotice(t('panel.resumed'));
    });

  return (
    <Panel
      title={t('panel.title')}
      id="licence-auto-renew"
      actions={
        <Badge tone={autoRenew.enabled ? 'success' : 'neutral'}>
          {autoRenew.enabled ? t('panel.on') : t('panel.off')}
        </Badge>
      }
    >
      {problem && <Alert tone="error">{problem}</Alert>}
      {notice && (
        <p role="status" className="mb-4 text-sm font-medium text-emerald-800">
          {notice}
        </p>
      )}
      <p className="text-slate-700">
        {autoRenew.enabled
          ? t('panel.onText')
          : licence.expires_at
            ? t('panel.offText', { date: formatDate(licence.expires_at) })
            : t('panel.offTextNoTerm')}
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Fact label={t('panel.method')}>
          <SavedMethodText method={autoRenew.method} />
        </Fact>
        <Fact label={t('panel.nextCharge')}>{nextCharge(autoRenew, t)}</Fact>
      </dl>
      <div className="mt-5 flex flex-wrap gap-3">
        <StopRenewalButton licence={licence} onStopped={reload} />
        {!autoRenew.enabled && autoRenew.method && (
          <Button size="sm" loading={busy === 'resume'} onClick={() => void resume()}>
            {t('panel.resume')}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          loading={busy === 'method'}
          onClick={() => void changeMethod()}
        >
          {autoRenew.method ? t('panel.changeMethod') : t('panel.addMethod')}
        </Button>
      </div>
    </Panel>
  );
}
