import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { ModalDialog } from './modal-dialog';

/**
 * What every action that asks first shows, in the client area and the back office alike: a
 * small button that opens an alert dialog saying what will happen. The dialog's content (a
 * reason to give, the buttons, a refusal) and what confirming does are the caller's.
 */
export function ConfirmDialog({
  label,
  openerVariant,
  title,
  description,
  open,
  onOpenChange,
  children,
}: {
  label: string;
  openerVariant: ButtonVariant;
  title: string;
  description: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Button variant={openerVariant} size="sm" onClick={() => onOpenChange(true)}>
        {label}
      </Button>
      <ModalDialog
        open={open}
        onClose={() => onOpenChange(false)}
        title={title}
        description={description}
        role="alertdialog"
      >
        {children}
      </ModalDialog>
    </>
  );
}
