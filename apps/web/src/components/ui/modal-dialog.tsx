import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface ModalDialogProps {
  open: boolean;
  /** Called when the dialog closes by itself: Escape, or a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** 'alertdialog' for confirmations that interrupt the visitor (WAI-ARIA APG). */
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes on close when the opener is gone (it was inside what got deleted). */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/** What Tab can reach inside the dialog, in document order. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (node) => node.tabIndex >= 0 && !node.closest('[hidden], [inert]'),
  );
}

/**
 * Keeps Tab inside the dialog (WAI-ARIA dialog pattern): the native modal makes the page
 * behind inert, but Tab from the last control still leaves for the browser's own toolbar.
 */
export function wrapTabFocus(event: KeyboardEvent, root: HTMLElement): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const controls = tabbables(root);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !(active instanceof Node) || !root.contains(active);
  if (event.shiftKey && (active === first || active === root || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Accessible modal built on the native <dialog> and showModal(): the browser makes the page
 * behind inert and closes on Escape, Tab wraps from the last control to the first (and
 * Shift+Tab back), with no injected style (our CSP forbids
 * inline styles, which rules out scroll-lock libraries). Focus returns to the element that
 * opened it.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
  role = 'dialog',
  fallbackFocus,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  const fallbackRef = useRef(fallbackFocus);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
    fallbackRef.current = fallbackFocus;
  }, [onClose, fallbackFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // jsdom has no showModal; the attribute keeps the content visible there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') {
        dialog.close();
      } else {
        dialog.removeAttribute('open');
        dialog.dispatchEvent(new Event('close'));
      }
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      // Deferred: the change that closed the dialog may also remove or re-render the opener.
      const target = opener.current;
      opener.current = null;
      queueMicrotask(() => {
        if (target?.isConnected) target.focus();
        else fallbackRef.current?.()?.focus();
      });
      onCloseRef.current();
    };
    const handleKey = (event: KeyboardEvent) => wrapTabFocus(event, dialog);
    dialog.addEventListener('close', handleClose);
    dialog.addEventListener('keydown', handleKey);
    return () => {
      dialog.removeEventListener('close', handleClose);
      dialog.removeEventListener('keydown', handleKey);
    };
  }, []);

  return (
    // The backdrop click target is the dialog itself (its content fills an inner box);
    // keyboard users close with Escape, which the native element handles.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      onClick={(event) => {
        if (event.target === ref.current) ref.current.close();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-md rounded-card bg-white p-0 text-slate-800 shadow-card',
        'backdrop:bg-slate-950/60',
        className,
      )}
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-3 leading-6 text-slate-600">
              {description}
            </div>
          )}
          {children && <div className="mt-6">{children}</div>}
        </div>
      )}
    </dialog>
  );
}
