import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PublicRoadmapItem } from '@cadran/domain/roadmap';
import { PageMeta } from '@/components/page-meta';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Island } from '@/islands/island';
import { roadmapItemsKey } from '../api/get-roadmap';
import { LiveIndicator } from '../components/live-indicator';
import { LiveRoadmap } from '../components/live-roadmap';

/**
 * /roadmap (docs/product.md 'Roadmap'): the public roadmap, kept live over the realtime channel.
 * The server's HTML, with two islands (docs/decisions/048-islands-on-public-pages.md): the
 * state of the live connection, and the board with its votes, given the list the server read.
 */
export function RoadmapPage() {
  const { t } = useTranslation(['roadmap', 'common']);
  // What the server read for the page (entry-server.tsx), handed to the island; inside the
  // application the board reads the same query itself.
  const items = useQueryClient().getQueryData<PublicRoadmapItem[]>(roadmapItemsKey);
  return (
    <>
      <PageMeta titleKey="meta.roadmap.title" descriptionKey="meta.roadmap.description" />
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('meta.roadmap.title', { ns: 'common' })}
        intro={t('intro')}
      >
        <Island name="roadmap-status" component={LiveIndicator} props={{}} />
      </PageHeader>
      <section aria-label={t('boardLabel')} className="py-12 sm:py-16">
        <Container>
          <Island name="roadmap-board" component={LiveRoadmap} props={{ items: items ?? null }} />
        </Container>
      </section>
    </>
  );
}
