import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/**
 * The cart's confirm prompt of remove and clear-all, as an accessible alert dialog.
 * Cancel comes first so it receives focus: Enter right away never destroys anything.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  fallbackFocus,
}: ConfirmDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      role="alertdialog"
      fallbackFocus={fallbackFocus}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
