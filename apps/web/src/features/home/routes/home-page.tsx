import { PageMeta } from '@/components/page-meta';
import { Island } from '@/islands/island';
import { CallToAction } from '../components/call-to-action';
import { ClaimStats } from '../components/claim-stats';
import { FeatureGrid } from '../components/feature-grid';
import { FeaturedTemplates } from '../components/featured-templates';
import { Hero } from '../components/hero';
import { ScreenshotGallery } from '../components/screenshot-gallery';

/** The home page (docs/product.md 'Home'). */
export function HomePage() {
  return (
    <>
      <PageMeta titleKey="meta.home.title" descriptionKey="meta.home.description" />
      <Hero />
      <ClaimStats />
      <FeatureGrid />
      <Island name="screenshot-gallery" component={ScreenshotGallery} props={{}} />
      <FeaturedTemplates />
      <CallToAction />
    </>
  );
}
