import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';

const CLAIMS = ['clients', 'uptime', 'support'] as const;

/** The claim figures of the home page (1000+ clients, 99.9 % uptime, 24/7 support). */
export function ClaimStats() {
  const { t } = useTranslation('home');
  return (
    <section aria-label={t('stats.label')} className="bg-brand-950 text-white on-dark">
      <Container>
        {/* Value then label in reading order: "1000+ clients trust us". */}
        <ul className="grid divide-y divide-white/10 sm:grid-cols-3 sm:divide-x sm:divide-y-0">
          {CLAIMS.map((claim) => (
            <li key={claim} className="flex flex-col items-center px-6 py-8 text-center">
              <span className="text-4xl font-bold tracking-tight text-white">
                {t(`stats.${claim}.value`)}
              </span>
              <span className="mt-1 text-sm text-slate-300">{t(`stats.${claim}.label`)}</span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
