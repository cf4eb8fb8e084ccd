import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

const QUESTIONS = ['guarantee', 'reply', 'demo', 'licence', 'payment', 'hosting'] as const;

/** Contact page FAQ; the footer links here as /contact#faq. Native disclosure widgets. */
export function ContactFaq() {
  const { t } = useTranslation('contact');
  return (
    <section
      id="faq"
      aria-labelledby="contact-faq"
      className="scroll-mt-24 border-t border-slate-200 bg-slate-50 py-16 sm:py-20"
    >
      <Container size="narrow">
        <SectionHeading
          id="contact-faq"
          title={t('faq.title')}
          description={t('faq.description')}
        />
        <div className="mt-10 divide-y divide-slate-200 rounded-card border border-slate-200 bg-white shadow-card">
          {QUESTIONS.map((question) => (
            <details key={question} className="group px-5 sm:px-6">
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-slate-900 marker:content-none [&::-webkit-details-marker]:hidden">
                {t(`faq.items.${question}.question`)}
                <svg
                  className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="m6 9 6 6 6-6" />
                </svg>
              </summary>
              <p className="pb-5 leading-7 text-slate-700">{t(`faq.items.${question}.answer`)}</p>
            </details>
          ))}
        </div>
      </Container>
    </section>
  );
}
