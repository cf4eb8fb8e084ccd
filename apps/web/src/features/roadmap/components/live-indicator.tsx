import { useTexts } from '@/islands/texts';
import { cn } from '@/lib/cn';
import { useRealtimeStore } from '../store/realtime-store';
import type { RealtimeStatus } from '../api/realtime-client';

const looks: Record<RealtimeStatus, { pill: string; dot: string }> = {
  connecting: { pill: 'bg-slate-50 text-slate-700 ring-slate-200', dot: 'bg-slate-400' },
  connected: { pill: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
  disconnected: { pill: 'bg-amber-50 text-amber-900 ring-amber-200', dot: 'bg-amber-500' },
};

/**
 * The state of the live connection (docs/product.md 'Roadmap' ('Live refresh')), in words: the
 * colour only repeats what the text says. A polite status, so a screen reader hears when live
 * updates stop and resume.
 */
export function LiveIndicator() {
  const { t } = useTexts('roadmap');
  const status = useRealtimeStore((state) => state.status);
  const look = looks[status];
  return (
    <p
      role="status"
      data-state={status}
      className={cn(
        'inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset',
        look.pill,
      )}
    >
      <span className="relative flex size-2.5" aria-hidden="true">
        {status === 'connected' && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
        )}
        <span className={cn('relative inline-flex size-2.5 rounded-full', look.dot)} />
      </span>
      {t(`live.${status}`)}
    </p>
  );
}
