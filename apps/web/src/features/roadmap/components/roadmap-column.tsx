import { useTexts } from '@/islands/texts';
import type { PublicRoadmapItem, RoadmapStatus } from '@cadran/domain/roadmap';
import { cn } from '@/lib/cn';
import { RoadmapCard } from './roadmap-card';

const accents: Record<RoadmapStatus, string> = {
  planned: 'border-t-brand-500',
  in_progress: 'border-t-brass-500',
  done: 'border-t-emerald-500',
};

export interface RoadmapColumnProps {
  status: RoadmapStatus;
  items: PublicRoadmapItem[];
  canVote: boolean;
  onVote: (id: number) => void;
  votingId: number | null;
}

/** One of the three columns of the roadmap, a region named after its heading. */
export function RoadmapColumn({ status, items, canVote, onVote, votingId }: RoadmapColumnProps) {
  const { t } = useTexts('roadmap');
  const headingId = `roadmap-column-${status}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col rounded-card border border-t-4 border-slate-200 bg-slate-50 p-4 sm:p-5',
        accents[status],
      )}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-xl sm:text-2xl">
          {t(`columns.${status}.title`)}
        </h2>
        <span className="text-sm font-medium text-slate-600">
          {t('itemCount', { count: items.length })}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">{t(`columns.${status}.description`)}</p>
      {items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-5 text-center text-sm text-slate-600">
          {t('emptyColumn')}
        </p>
      ) : (
        <ol className="mt-4 flex flex-col gap-3">
          {items.map((item) => (
            <RoadmapCard
              key={item.id}
              item={item}
              canVote={canVote}
              onVote={onVote}
              voting={votingId === item.id}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
