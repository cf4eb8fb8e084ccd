import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { failureMessage } from './screen';

/**
 * A button that asks before acting (cancel an order, free an installation): the dialog says
 * what will happen, and a refusal is shown in it.
 */
export function ConfirmAction({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  variant = 'outline',
  failureTitle,
  children,
}: {
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  variant?: ButtonVariant;
  /** What the failure is called above the server's reason (the specification's own words). */
  failureTitle?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('client');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (error) {
      setProblem(failureMessage(error, t('state.error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      label={label}
      openerVariant={variant}
      title={title}
      description={description}
      open={open}
      onOpenChange={setOpen}
    >
      {children}
      {problem && (
        <Alert tone="error" title={failureTitle}>
          {problem}
        </Alert>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={() => setOpen(false)}>
          {t('actions.keep')}
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </ConfirmDialog>
  );
}
