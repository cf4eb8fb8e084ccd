import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTexts } from '@/islands/texts';
import { pathInLanguage } from '@cadran/domain/localized-path';
import { ROADMAP_STATUSES, groupRoadmap } from '@cadran/domain/roadmap-model';
import { Alert } from '@/components/ui/alert';
import { AnchorButton, Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { clientSignInUrl } from '@/lib/client-area';
import { cn } from '@/lib/cn';
import { roadmapItemsKey, useRoadmap } from '../api/get-roadmap';
import { useViewerSignedIn } from '../api/get-viewer';
import { useVoteForItem } from '../api/vote-for-item';
import { RoadmapColumn } from './roadmap-column';

/**
 * The roadmap (docs/product.md 'Roadmap') and its states: loading, error, empty, or the three
 * columns. Part of the live roadmap's island (live-roadmap.tsx): plain links, texts through
 * useTexts.
 */
export function RoadmapBoard() {
  const { t, language } = useTexts('roadmap');
  const roadmap = useRoadmap();
  const viewer = useViewerSignedIn();
  const vote = useVoteForItem();
  const canVote = viewer.data === true;
  const queryClient = useQueryClient();
  // A page drawn on the server holds the list as everybody sees it, without this client's own
  // votes: once the visitor is known to be signed in, read it again so their votes show pressed
  // (a button shown unpressed would withdraw a vote when it seems to cast one).
  useEffect(() => {
    if (canVote) void queryClient.invalidateQueries({ queryKey: roadmapItemsKey });
  }, [canVote, queryClient]);

  if (roadmap.isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center text-brand-700">
        <Spinner size="lg" label={t('loading')} />
      </div>
    );
  }

  if (roadmap.isError) {
    return (
      <Alert tone="error" title={t('error.title')} className="mx-auto max-w-2xl">
        <p>{roadmap.error.message}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          loading={roadmap.isRefetching}
          onClick={() => void roadmap.refetch()}
        >
          {t('error.retry')}
        </Button>
      </Alert>
    );
  }

  const items = roadmap.data.filter((item) => item.is_public);
  if (items.length === 0) {
    return (
      <div className="mx-auto max-w-2xl rounded-card border border-dashed border-slate-300 p-8 text-center">
        <h2 className="text-xl sm:text-2xl">{t('empty.title')}</h2>
        <p className="mt-3 text-slate-600">{t('empty.body')}</p>
        <AnchorButton
          href={pathInLanguage('/contact', language)}
          variant="outline"
          className="mt-6"
        >
          {t('empty.contact')}
        </AnchorButton>
      </div>
    );
  }

  const columns = groupRoadmap(items);
  return (
    <div className="flex flex-col gap-6">
      {/* Drawn by the server too, as most visitors are not signed in: appearing once the session
          is known pushed the board down (the page's layout shift). A signed-in visitor keeps
          the line's space, empty, so nothing moves for them either. */}
      <p
        className={cn('text-sm text-slate-600', viewer.data === true && 'invisible')}
        aria-hidden={viewer.data === true || undefined}
      >
        {t('votes.signInHint')}{' '}
        <a
          href={clientSignInUrl(pathInLanguage('/roadmap', language))}
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {t('votes.signIn')}
        </a>
      </p>
      {vote.isError && (
        <Alert tone="error">{t('votes.failed', { reason: vote.error.message })}</Alert>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        {ROADMAP_STATUSES.map((status) => (
          <RoadmapColumn
            key={status}
            status={status}
            items={columns[status]}
            canVote={canVote}
            onVote={(id) => vote.mutate(id)}
            votingId={vote.isPending ? (vote.variables ?? null) : null}
          />
        ))}
      </div>
    </div>
  );
}
