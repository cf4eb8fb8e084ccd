import {
  SecondFactorConfirmResponseSchema,
  SecondFactorEnrolmentResponseSchema,
} from '@cadran/domain/staff-auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiClient } from '@/lib/api-client';
import { submitFailure } from '@/lib/submit-failure';
import { AuthFrame } from './auth-frame';
import { CodeForm } from './code-form';
import { RecoveryCodes } from './recovery-codes';
import { SECOND_FACTOR } from './session-store';

type Enrolment = z.infer<typeof SecondFactorEnrolmentResponseSchema>;

/**
 * The server draws the QR code as SVG; it is shown as an image (a data: address), so none of
 * its markup enters the page.
 */
export const qrImageSource = (svg: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * Setting up the authenticator app at first sign-in: scan the QR code (or type the secret),
 * prove it with a first code, then keep the ten recovery codes, shown this once.
 */
export function EnrolmentStep({
  required,
  onDone,
  onLater = onDone,
}: {
  required: boolean;
  onDone: () => void;
  /** Putting an optional set-up off (the gate remembers it for the session). */
  onLater?: () => void;
}) {
  const { t } = useTranslation('admin');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const start = async () => {
    setStarting(true);
    setFailure(null);
    try {
      setEnrolment(
        await apiClient.post(`${SECOND_FACTOR}/enrolment`, undefined, {
          schema: SecondFactorEnrolmentResponseSchema,
        }),
      );
    } catch (error) {
      setFailure(submitFailure(error, t('secondFactor.failed')).message);
    } finally {
      setStarting(false);
    }
  };

  if (codes) {
    return (
      <AuthFrame title={t('secondFactor.codesTitle')}>
        <RecoveryCodes codes={codes} onSaved={onDone} />
      </AuthFrame>
    );
  }

  if (!enrolment) {
    return (
      <AuthFrame title={t('secondFactor.enrolTitle')}>
        <p className="leading-7 text-slate-600">{t('secondFactor.enrolIntro')}</p>
        {failure && (
          <Alert tone="error" className="mt-5">
            {failure}
          </Alert>
        )}
        <div className="mt-6 space-y-3">
          <Button size="lg" fullWidth loading={starting} onClick={() => void start()}>
            {t('secondFactor.start')}
          </Button>
          {!required && (
            <Button variant="ghost" fullWidth onClick={onLater}>
              {t('secondFactor.later')}
            </Button>
          )}
        </div>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t('secondFactor.scanTitle')}>
      <ol className="list-decimal space-y-2 pl-5 leading-7 text-slate-600">
        <li>{t('secondFactor.scanStep')}</li>
        <li>{t('secondFactor.confirmStep')}</li>
      </ol>
      <img
        src={qrImageSource(enrolment.qr_svg)}
        alt={t('secondFactor.qrAlt')}
        width={192}
        height={192}
        className="mx-auto my-5 size-48 rounded-lg border border-slate-200 bg-white p-2"
      />
      <p className="text-sm text-slate-600">{t('secondFactor.secretLabel')}</p>
      <p
        data-testid="totp-secret"
        className="mt-1 mb-6 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
      >
        {enrolment.secret}
      </p>
      <CodeForm
        path={`${SECOND_FACTOR}/enrolment/confirm`}
        kind="code"
        submitLabel={t('secondFactor.confirm')}
        onAccepted={(answer) => {
          const parsed = SecondFactorConfirmResponseSchema.safeParse(answer);
          setCodes(parsed.success ? parsed.data.recovery_codes : []);
        }}
      />
    </AuthFrame>
  );
}
