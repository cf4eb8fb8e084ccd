import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryOptions } from '@/components/form/country-options';
import { FormField } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  profileKey,
  resendConfirmation,
  saveProfile,
  useProfile,
  type Profile,
} from '../api/account';
import { Panel, QueryState, ScreenTitle } from '../components/screen';
import { TextField } from '../components/text-field';
import { Outcome, useSubmission } from '../components/submission';

const FIELDS = [
  ['first_name', 'given-name'],
  ['last_name', 'family-name'],
  ['company', 'organization'],
  ['phone', 'tel'],
  ['address_line_1', 'street-address'],
  ['postal_code', 'postal-code'],
  ['city', 'address-level2'],
  ['vat_number', 'off'],
  ['siren', 'off'],
] as const;

type Editable = (typeof FIELDS)[number][0] | 'country';

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('client');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Editable, string>>(
    () =>
      ({
        ...Object.fromEntries(FIELDS.map(([name]) => [name, profile[name] ?? ''])),
        country: profile.country ?? 'FR',
      }) as Record<Editable, string>,
  );
  const { busy, outcome, run, fieldError } = useSubmission();
  const set = (name: Editable) => (value: string) => setValues({ ...values, [name]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        const answer = await saveProfile(values);
        queryClient.setQueryData(profileKey, answer);
        return { message: t('profile.saved') };
      },
      t('profile.saved'),
      t('state.error'),
    );
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      <Outcome outcome={outcome} />
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map(([name, autoComplete]) => (
          <TextField
            key={name}
            id={`profile-${name}`}
            label={t(`profile.fields.${name}`)}
            autoComplete={autoComplete}
            value={values[name]}
            onChange={set(name)}
            error={fieldError(name)}
          />
        ))}
        <FormField
          id="profile-country"
          label={t('profile.fields.country')}
          error={fieldError('country')}
        >
          {(control) => (
            <select
              {...control}
              value={values.country}
              onChange={(event) => set('country')(event.target.value)}
            >
              <CountryOptions />
            </select>
          )}
        </FormField>
      </div>
      <Button type="submit" loading={busy}>
        {t('profile.save')}
      </Button>
    </form>
  );
}

/** The account's address, the change waiting for its link, and the sign-up link sent again. */
function AccountAddress({ profile }: { profile: Profile }) {
  const { t } = useTranslation('client');
  const { busy, outcome, run } = useSubmission();
  return (
    // An address is one long word: it breaks anywhere rather than overflow a phone's width.
    <div className="mb-5 space-y-3 [overflow-wrap:anywhere]">
      <p className="text-slate-700">{t('profile.email', { email: profile.email })}</p>
      {profile.pending_email && (
        <Alert tone="info">{t('profile.pendingEmail', { email: profile.pending_email })}</Alert>
      )}
      {!profile.email_verified && (
        <>
          <Alert tone="warning">{t('profile.unverified')}</Alert>
          <Button
            variant="outline"
            loading={busy}
            onClick={() => void run(resendConfirmation, t('profile.resent'), t('state.error'))}
          >
            {t('profile.resend')}
          </Button>
        </>
      )}
      <Outcome outcome={outcome} />
    </div>
  );
}

export function ProfileScreen() {
  const { t } = useTranslation('client');
  const profile = useProfile();
  return (
    <>
      <ScreenTitle title={t('profile.title')} intro={t('profile.intro')} />
      <Panel title={t('profile.details')} id="profile-details">
        {profile.data ? (
          <>
            <AccountAddress profile={profile.data} />
            <ProfileForm profile={profile.data} />
          </>
        ) : (
          <QueryState
            pending={profile.isPending}
            error={profile.error}
            retry={() => void profile.refetch()}
          />
        )}
      </Panel>
    </>
  );
}
