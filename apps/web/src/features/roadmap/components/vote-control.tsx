import { useTexts } from '@/islands/texts';
import { cn } from '@/lib/cn';
import { StarIcon } from './star-icon';

export interface VoteControlProps {
  title: string;
  count: number;
  voted: boolean;
  /** Absent for anonymous visitors: they see the count, not a button. */
  onToggle?: () => void;
  pending?: boolean;
  /** A done item: its votes are closed, for everybody (isVotable). */
  closed?: boolean;
}

/**
 * The star and vote count of an item (docs/product.md 'Roadmap' ('Votes')). For a signed-in client
 * it is a toggle button (aria-pressed says whether they voted); for anyone else, plain text. A done
 * item's votes are closed: its count stays, read-only and said to be closed, with nothing to focus.
 */
export function VoteControl({
  title,
  count,
  voted,
  onToggle,
  pending = false,
  closed = false,
}: VoteControlProps) {
  const { t } = useTexts('roadmap');
  const countText = t('votes.count', { count });

  if (closed) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-700">
        <StarIcon filled={count > 0} className="text-brass-600" />
        <span aria-hidden="true">{count}</span>
        <span aria-hidden="true" className="font-normal text-slate-600">
          · {t('votes.closedShort')}
        </span>
        <span className="sr-only">{t('votes.closed', { count })}</span>
      </p>
    );
  }

  if (!onToggle) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-700">
        <StarIcon filled={count > 0} className="text-brass-600" />
        <span aria-hidden="true">{count}</span>
        <span className="sr-only">{countText}</span>
      </p>
    );
  }

  return (
    <button
      type="button"
      aria-pressed={voted}
      aria-label={`${t('votes.vote', { title })}, ${countText}`}
      title={voted ? t('votes.voted') : t('votes.vote', { title })}
      // aria-disabled rather than disabled: a disabled button drops keyboard focus mid-vote.
      onClick={pending ? undefined : onToggle}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      className={cn(
        'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold ring-1 transition-colors ring-inset',
        'aria-disabled:cursor-wait aria-disabled:opacity-70',
        voted
          ? 'bg-brass-100 text-brass-900 ring-brass-300 hover:bg-brass-200'
          : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 hover:ring-slate-400',
      )}
    >
      <StarIcon filled={voted} className={voted ? 'text-brass-700' : 'text-slate-500'} />
      <span aria-hidden="true">{count}</span>
    </button>
  );
}
