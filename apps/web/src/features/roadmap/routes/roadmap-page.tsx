import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/page-meta';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { RoadmapBoard } from '../components/roadmap-board';
import { LiveIndicator } from '../components/live-indicator';
import { useLiveRoadmap } from '../hooks/use-live-roadmap';

/**
 * /roadmap (docs/product.md 'Roadmap'): the public roadmap, kept live over the realtime channel.
 */
export function RoadmapPage() {
  const { t } = useTranslation(['roadmap', 'common']);
  useLiveRoadmap();
  return (
    <>
      <PageMeta titleKey="meta.roadmap.title" descriptionKey="meta.roadmap.description" />
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('meta.roadmap.title', { ns: 'common' })}
        intro={t('intro')}
      >
        <LiveIndicator />
      </PageHeader>
      <section aria-label={t('boardLabel')} className="py-12 sm:py-16">
        <Container>
          <RoadmapBoard />
        </Container>
      </section>
    </>
  );
}
