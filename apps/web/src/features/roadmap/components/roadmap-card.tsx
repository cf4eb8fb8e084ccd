import { useId } from 'react';
import { useTexts } from '@/islands/texts';
import { pathInLanguage } from '@cadran/domain/localized-path';
import type { PublicRoadmapItem } from '@cadran/domain/roadmap';
import { isVotable, localizedRoadmapText } from '@cadran/domain/roadmap-model';
import { Badge } from '@/components/ui/badge';
import { VoteControl } from './vote-control';

export interface RoadmapCardProps {
  item: PublicRoadmapItem;
  canVote: boolean;
  onVote: (id: number) => void;
  voting: boolean;
}

/**
 * One roadmap item: title, star and vote count, optional description and category. Only planned
 * and in-progress items take votes; a done item shows its count read-only.
 * Texts follow the page language, falling back to French where no English is written.
 */
export function RoadmapCard({ item, canVote, onVote, voting }: RoadmapCardProps) {
  const { t, language } = useTexts('roadmap');
  const titleId = useId();
  const { title, description } = localizedRoadmapText(item, language);
  const closed = !isVotable(item.status);
  // Seeded categories are stable keys translated here; a free-text category shows as written.
  const category = item.category
    ? t(`categories.${item.category}`, { defaultValue: item.category })
    : null;

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-card"
      >
        {category && (
          <Badge tone="brand" className="self-start">
            <span className="sr-only">{t('categoryLabel', { category })}</span>
            <span aria-hidden="true">{category}</span>
          </Badge>
        )}
        <h3 id={titleId} className="mt-3 text-base text-slate-900 first:mt-0 sm:text-lg">
          {title}
        </h3>
        {description && <p className="mt-2 text-sm leading-6 text-slate-600">{description}</p>}
        {item.release && (
          <p className="mt-2 text-sm">
            {/* A plain link: on the public page the roadmap is an island, with no router. */}
            <a
              href={pathInLanguage(item.release.url, language)}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {t('shippedIn', { version: item.release.version })}
            </a>
          </p>
        )}
        <div className="mt-auto flex pt-4">
          <VoteControl
            title={title}
            count={item.vote_count}
            voted={item.voted}
            pending={voting}
            closed={closed}
            {...(canVote && !closed ? { onToggle: () => onVote(item.id) } : {})}
          />
        </div>
      </article>
    </li>
  );
}
