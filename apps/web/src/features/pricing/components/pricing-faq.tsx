import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

const QUESTIONS = ['payment', 'limits', 'updates', 'renewal', 'change', 'refund'] as const;

/** Pricing page FAQ. Native <details>, so it opens by keyboard with no script. */
export function PricingFaq() {
  const { t } = useTranslation('pricing');
  return (
    <section aria-labelledby="pricing-faq-title" className="bg-slate-50 py-16 sm:py-20">
      <Container size="narrow">
        <SectionHeading
          id="pricing-faq-title"
          title={t('faq.title')}
          description={t('faq.intro')}
          align="center"
        />
        <div className="mt-10 divide-y divide-slate-200 rounded-card border border-slate-200 bg-white">
          {QUESTIONS.map((id) => (
            <details key={id} className="group px-5 sm:px-6">
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {t(`faq.${id}.question`)}
                <svg
                  className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-45"
                  viewBox="0 0 20 20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  aria-hidden="true"
                >
                  <path d="M10 4v12M4 10h12" />
                </svg>
              </summary>
              <p className="pb-5 leading-7 text-slate-600">{t(`faq.${id}.answer`)}</p>
            </details>
          ))}
        </div>
      </Container>
    </section>
  );
}
