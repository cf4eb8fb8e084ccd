import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SecondFactorCodeSchema } from '@cadran/domain/staff-auth';
import { FormField } from '@/components/form/form-field';
import { useFormFields } from '@/components/form/use-form-fields';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiClient } from '@/lib/api-client';
import { submitFailure } from '@/lib/submit-failure';

/** A recovery code as given at enrolment (the server's own bounds). */
export const RecoveryCodeSchema = z.object({
  recovery_code: z.string().trim().min(10, 'staff.second_factor_invalid').max(20),
});

type Proof = { code: string } | { recovery_code: string };

interface CodeFormProps {
  /** Where the proof is sent: the enrolment's confirmation or the session's verification. */
  path: string;
  kind: 'code' | 'recovery_code';
  submitLabel: string;
  onAccepted: (answer: unknown) => void;
}

/**
 * One field, six digits from the authenticator app (or a recovery code), sent to the second
 * factor's API; a refusal shows the server's reason under the field.
 */
export function CodeForm({ path, kind, submitLabel, onAccepted }: CodeFormProps) {
  const { t } = useTranslation('admin');
  const schema = kind === 'code' ? SecondFactorCodeSchema : RecoveryCodeSchema;
  const form = useForm<Record<string, string>, unknown, Proof>({
    resolver: zodResolver(schema as z.ZodType<Proof, Record<string, string>>),
    defaultValues: { [kind]: '' },
  });
  const { field } = useFormFields(form);
  const { failure, submitting, onSubmit } = useFormSubmit(form, [kind], async (proof) => {
    try {
      onAccepted(await apiClient.post(path, proof));
      return { ok: true };
    } catch (error) {
      return submitFailure(error, t('secondFactor.failed'));
    }
  });
  const fieldProps = field(kind);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {failure && !fieldProps.error && <Alert tone="error">{failure}</Alert>}
      <FormField
        label={kind === 'code' ? t('secondFactor.code') : t('secondFactor.recoveryCode')}
        hint={kind === 'code' ? t('secondFactor.codeHint') : t('secondFactor.recoveryHint')}
        required
        {...fieldProps}
      >
        {(control) =>
          kind === 'code' ? (
            <input
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...control}
              className={`${control.className} font-mono tracking-[0.3em]`}
            />
          ) : (
            <input
              type="text"
              autoComplete="off"
              spellCheck={false}
              {...control}
              className={`${control.className} font-mono`}
            />
          )
        }
      </FormField>
      <Button type="submit" size="lg" fullWidth loading={submitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
