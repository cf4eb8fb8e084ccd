import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { SubmitFailure } from '@/lib/submit-failure';

interface ConfirmActionProps {
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  variant?: ButtonVariant;
  /** Asks for a reason (required when `reasonRequired`), sent with the action. */
  reason?: { label: string; required?: boolean };
  /** An extra field (an amount, a date) drawn inside the dialog. */
  children?: ReactNode;
  pending: boolean;
  failure: SubmitFailure | null;
  /** Runs the action; resolves true when it succeeded, which closes the dialog. */
  onConfirm: (reason: string) => Promise<boolean>;
}

/** An action that cannot be taken back asks first, in a dialog that says what will happen. */
export function ConfirmAction({
  label,
  title,
  description,
  confirmLabel,
  variant = 'danger',
  reason,
  children,
  pending,
  failure,
  onConfirm,
}: ConfirmActionProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const missing = reason?.required === true && text.trim() === '';

  return (
    <ConfirmDialog
      label={label}
      openerVariant={variant === 'danger' ? 'outline' : variant}
      title={title}
      description={description}
      open={open}
      onOpenChange={setOpen}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (missing) return;
          void onConfirm(text.trim()).then((ok) => {
            if (ok) {
              setOpen(false);
              setText('');
            }
          });
        }}
      >
        {children}
        {reason && (
          <div>
            <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-slate-900">
              {reason.label}
            </label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              required={reason.required}
              value={text}
              onChange={(event) => setText(event.target.value)}
              className={`${inputClasses(false)} mt-2`}
            />
          </div>
        )}
        {failure && <Alert tone="error">{failure.message}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant={variant} loading={pending} disabled={missing}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ConfirmDialog>
  );
}
