import type { OwnedLicense } from '@cadran/domain/license-api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { changeDomains } from '../api/licences';
import { failureMessage, Panel } from '../components/screen';

/**
 * The licence's domains, one field each, within its limit: the server normalises them (a
 * pasted address becomes its domain) and refuses dropping one an installation uses.
 */
export function DomainsEditor({
  licence,
  onSaved,
}: {
  licence: OwnedLicense;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('client');
  const [domains, setDomains] = useState<string[]>(licence.domains);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const full = domains.length >= licence.domain_limit;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await changeDomains(
        licence.id,
        domains.map((domain) => domain.trim()).filter((domain) => domain !== ''),
      );
      setDomains(answer.license.domains);
      setOutcome({ ok: true, message: answer.message });
      await onSaved();
    } catch (error) {
      setOutcome({ ok: false, message: failureMessage(error, t('state.error')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('licence.domains')} id="licence-domains">
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-sm text-slate-700">
          {t('licence.domainsHint', { count: licence.domain_limit })}
        </p>
        {outcome && <Alert tone={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>}
        {domains.length === 0 && <p className="text-slate-700">{t('licence.noDomains')}</p>}
        <ul className="space-y-3">
          {domains.map((domain, index) => (
            <li key={index} className="flex items-center gap-2">
              <label htmlFor={`licence-domain-${index}`} className="sr-only">
                {t('licence.domainLabel', { number: index + 1 })}
              </label>
              <input
                id={`licence-domain-${index}`}
                className={inputClasses(false)}
                value={domain}
                inputMode="url"
                autoComplete="off"
                placeholder="exemple.fr"
                onChange={(event) =>
                  setDomains(domains.map((old, i) => (i === index ? event.target.value : old)))
                }
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('licence.removeDomain', { number: index + 1 })}
                onClick={() => setDomains(domains.filter((_, i) => i !== index))}
              >
                {t('licence.remove')}
              </Button>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" disabled={full} onClick={() => setDomains([...domains, ''])}>
            {t('licence.addDomain')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('licence.saveDomains')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
