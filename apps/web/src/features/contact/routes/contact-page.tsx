import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/page-meta';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { useSupportEmail } from '@/lib/support-email';
import { Island } from '@/islands/island';
import { ContactDetails } from '../components/contact-details';
import { ContactFaq } from '../components/contact-faq';
import { ContactForm } from '../components/contact-form';

/**
 * The contact page (docs/product.md 'Contact'): contact form, contact details and FAQ. The
 * server's HTML, with the form as its one island (docs/decisions/048-islands-on-public-pages.md);
 * a link such as /contact#faq is a document's anchor, scrolled to by the browser.
 */
export function ContactPage() {
  const { t } = useTranslation(['contact', 'common']);
  const supportEmail = useSupportEmail();

  return (
    <>
      <PageMeta titleKey="meta.contact.title" descriptionKey="meta.contact.description" />
      <PageHeader
        eyebrow={t('header.eyebrow')}
        title={t('meta.contact.title', { ns: 'common' })}
        intro={t('header.intro')}
      />
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] lg:gap-14">
        <Island name="contact-form" component={ContactForm} props={{ supportEmail }} />
        <ContactDetails />
      </Container>
      <ContactFaq />
    </>
  );
}
