import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { ContactDetails } from '../components/contact-details';
import { ContactFaq } from '../components/contact-faq';
import { ContactForm } from '../components/contact-form';

/** The contact page (docs/product.md 'Contact'): contact form, contact details and FAQ. */
export function ContactPage() {
  const { t } = useTranslation(['contact', 'common']);
  const { hash } = useLocation();

  // A link such as /contact#faq opened directly: the section did not exist when the browser
  // tried to scroll to it, so do it once the page is here.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <PageMeta titleKey="meta.contact.title" descriptionKey="meta.contact.description" />
      <PageHeader
        eyebrow={t('header.eyebrow')}
        title={t('meta.contact.title', { ns: 'common' })}
        intro={t('header.intro')}
      />
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] lg:gap-14">
        <ContactForm />
        <ContactDetails />
      </Container>
      <ContactFaq />
    </>
  );
}
