import { formatFrenchVatNumber, formatSiren } from '@cadran/domain/company-identifiers';
import { publisherAddress, type LegalPublisher } from '@cadran/domain/legal-publisher';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { COMPANY, LEGAL_PAGES_UPDATED_AT } from '@/lib/company';
import { formatCents, formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { usePublisher } from '@/lib/publisher';
import { useSupportEmail } from '@/lib/support-email';
import { readLegalDocument, type LegalSection } from './legal-document-model';

export type LegalDocumentKey = 'notice' | 'privacy' | 'terms' | 'sales' | 'license';
/** Key under `meta` in the common namespace holding the page title and description. */
export type LegalMetaKey = 'legalNotice' | 'privacy' | 'terms' | 'sales' | 'license';

/** A number printed in groups ("732 829 320") never broken across two lines. */
const unbroken = (text: string): string => text.replace(/ /g, '\u00a0');

/** The publisher's identity, its contact details and host, and the support address. */
function companyValues(publisher: LegalPublisher, supportEmail: string) {
  return {
    companyName: publisher.name,
    legalForm: publisher.legalForm,
    shareCapital: formatCents(publisher.shareCapitalCents, currentLanguage()),
    registrationCity: publisher.rcsCity,
    siren: unbroken(formatSiren(publisher.siren)),
    vatNumber: unbroken(formatFrenchVatNumber(publisher.vatNumber)),
    address: publisherAddress(publisher),
    phone: unbroken(COMPANY.phone),
    email: COMPANY.email,
    privacyEmail: COMPANY.privacyEmail,
    supportEmail,
    hostName: COMPANY.host.name,
    hostAddress: COMPANY.host.address,
    hostPhone: unbroken(COMPANY.host.phone),
    hostWebsite: COMPANY.host.website,
  };
}

function SectionLink({ href, label }: { href: string; label: string }) {
  if (href.startsWith('/')) return <Link to={href}>{label}</Link>;
  return (
    <a href={href} rel="noopener noreferrer">
      {label}
    </a>
  );
}

function Section({ section }: { section: LegalSection }) {
  return (
    <section aria-labelledby={section.id}>
      <h2 id={section.id} tabIndex={-1}>
        {section.heading}
      </h2>
      {section.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {section.items.length > 0 && (
        <ul>
          {section.items.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {section.links.map((link) => (
        <p key={link.href}>
          <SectionLink {...link} />
        </p>
      ))}
    </section>
  );
}

export interface LegalDocumentProps {
  document: LegalDocumentKey;
  metaKey: LegalMetaKey;
}

/** A legal page: title band, table of contents, then the sections of the document. */
export function LegalDocument({ document, metaKey }: LegalDocumentProps) {
  const { t } = useTranslation(['legal', 'common']);
  const supportEmail = useSupportEmail();
  const publisher = usePublisher();
  const tocId = useId();
  const content = readLegalDocument(
    t(document, { ns: 'legal', returnObjects: true, ...companyValues(publisher, supportEmail) }),
  );
  const updated = formatDate(LEGAL_PAGES_UPDATED_AT);

  return (
    <>
      <PageMeta titleKey={`meta.${metaKey}.title`} descriptionKey={`meta.${metaKey}.description`} />
      <PageHeader
        title={t(`meta.${metaKey}.title`, { ns: 'common' })}
        intro={t(`meta.${metaKey}.description`, { ns: 'common' })}
      >
        <p className="text-sm text-slate-600">
          <time dateTime={LEGAL_PAGES_UPDATED_AT}>
            {t('updated', { ns: 'legal', date: updated })}
          </time>
        </p>
      </PageHeader>
      {content && (
        <Container className="grid gap-10 py-12 lg:grid-cols-[16rem_1fr] lg:py-16">
          <nav aria-labelledby={tocId} className="lg:sticky lg:top-24 lg:self-start">
            <h2 id={tocId} className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
              {t('toc', { ns: 'legal' })}
            </h2>
            <ul className="mt-4 space-y-2 border-l border-slate-200 text-sm">
              {content.sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent pl-4 text-slate-600 hover:border-brand-600 hover:text-brand-800"
                  >
                    {section.heading}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <article className="prose-cadran">
            <p className="text-lg text-slate-700">{content.intro}</p>
            {content.sections.map((section) => (
              <Section key={section.id} section={section} />
            ))}
            <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-500">
              {t('translationNote', { ns: 'legal' })}
            </p>
          </article>
        </Container>
      )}
    </>
  );
}
