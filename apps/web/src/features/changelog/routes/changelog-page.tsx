import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/page-meta';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { currentLanguage } from '@/lib/i18n';
import { useReleases } from '../api/get-releases';
import { ReleaseEntry } from '../components/release-entry';

/**
 * /changelog (docs/product.md 'Releases' ('Public changelog')): every published stable release,
 * newest first, with its notes and the roadmap items it shipped; drawn on the server, read as
 * it is without JavaScript, and offered as an Atom feed.
 */
export function ChangelogPage() {
  const { t } = useTranslation(['changelog', 'common']);
  const language = currentLanguage();
  const { data: releases, isError } = useReleases();
  const feed = language === 'en' ? '/en/changelog.xml' : '/changelog.xml';
  return (
    <>
      <PageMeta titleKey="meta.changelog.title" descriptionKey="meta.changelog.description" />
      <link rel="alternate" type="application/atom+xml" title={t('feedTitle')} href={feed} />
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('meta.changelog.title', { ns: 'common' })}
        intro={t('intro')}
      >
        <a href={feed} className="text-sm font-medium text-brand-700 underline underline-offset-2">
          {t('feed')}
        </a>
      </PageHeader>
      <section aria-label={t('listLabel')} className="py-12 sm:py-16">
        <Container size="narrow">
          {isError && <p className="text-slate-700">{t('error')}</p>}
          {releases && releases.length === 0 && <p className="text-slate-700">{t('empty')}</p>}
          {releases?.map((release) => (
            <ReleaseEntry key={release.version} release={release} language={language} />
          ))}
        </Container>
      </section>
    </>
  );
}
