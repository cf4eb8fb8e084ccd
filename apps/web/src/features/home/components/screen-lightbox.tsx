import { useEffect, useRef } from 'react';
import { useTexts } from '@/islands/texts';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { SCREEN_HEIGHT, SCREEN_KEYS, SCREEN_WIDTH, screenSource, wrapIndex } from '../screens';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from './icons';

export interface ScreenLightboxProps {
  open: boolean;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The gallery's lightbox: one screen at full size in a modal dialog (focus kept inside,
 * Escape closes and returns focus to the button that opened it), left and right arrows move
 * between screens.
 */
export function ScreenLightbox({ open, index, onIndexChange, onClose }: ScreenLightboxProps) {
  const { t, language } = useTexts('home');
  const body = useRef<HTMLDivElement>(null);
  const key = SCREEN_KEYS[index] ?? 'dashboard';
  const total = SCREEN_KEYS.length;
  const step = (delta: number) => onIndexChange(wrapIndex(index, delta));
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  });

  useEffect(() => {
    const node = body.current;
    if (!open || !node) return;
    // Keys typed anywhere in the dialog reach this box: focus never leaves a modal dialog.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') stepRef.current(1);
      else if (event.key === 'ArrowLeft') stepRef.current(-1);
      else return;
      event.preventDefault();
    };
    node.addEventListener('keydown', onKey);
    return () => node.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t(`screens.${key}.name`)}
      description={t(`screens.${key}.caption`)}
      className="max-w-6xl!"
    >
      <div ref={body}>
        <img
          src={screenSource(key, language)}
          width={SCREEN_WIDTH}
          height={SCREEN_HEIGHT}
          alt={t(`screens.${key}.alt`)}
          className="mx-auto block h-auto max-h-[70vh] w-auto max-w-full rounded-lg border border-slate-200"
        />
        <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Button variant="outline" onClick={() => step(-1)} aria-label={t('gallery.previous')}>
              <ChevronLeftIcon />
            </Button>
            <p
              className="min-w-14 text-center text-sm font-semibold text-slate-700"
              aria-live="polite"
            >
              {t('gallery.counter', { current: index + 1, total })}
            </p>
            <Button variant="outline" onClick={() => step(1)} aria-label={t('gallery.next')}>
              <ChevronRightIcon />
            </Button>
          </div>
          <p className="hidden text-sm text-slate-600 md:block">{t('gallery.keyboardHint')}</p>
          <Button variant="secondary" onClick={onClose}>
            <CloseIcon />
            {t('gallery.close')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
