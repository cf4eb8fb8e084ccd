import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { AuthFrame } from './auth-frame';
import { CodeForm } from './code-form';
import { SECOND_FACTOR } from './session-store';

/** Each session proves the second factor once: a code, or one of the recovery codes. */
export function VerifyStep({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation('admin');
  const [kind, setKind] = useState<'code' | 'recovery_code'>('code');
  return (
    <AuthFrame title={t('secondFactor.verifyTitle')}>
      <p className="mb-5 leading-7 text-slate-600">
        {kind === 'code' ? t('secondFactor.verifyIntro') : t('secondFactor.recoveryIntro')}
      </p>
      <CodeForm
        key={kind}
        path={`${SECOND_FACTOR}/verify`}
        kind={kind}
        submitLabel={t('secondFactor.verify')}
        onAccepted={onVerified}
      />
      <Button
        variant="ghost"
        className="mt-4"
        fullWidth
        onClick={() => setKind(kind === 'code' ? 'recovery_code' : 'code')}
      >
        {kind === 'code' ? t('secondFactor.useRecovery') : t('secondFactor.useApp')}
      </Button>
    </AuthFrame>
  );
}
