import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The legal documents (docs/product.md 'Pages and routes'), in the order footers list them. */
export const LEGAL_LINKS = [
  { labelKey: 'legal.notice', to: '/legal/notice' },
  { labelKey: 'legal.privacy', to: '/legal/privacy' },
  { labelKey: 'legal.terms', to: '/legal/terms' },
  { labelKey: 'legal.sales', to: '/legal/sales' },
  { labelKey: 'legal.license', to: '/legal/license' },
] as const;

type LegalLink = (typeof LEGAL_LINKS)[number];

/** The footers' row of legal links: every document, or the ones a page names. */
export function LegalNav({
  links = LEGAL_LINKS,
  linkClassName,
}: {
  links?: readonly LegalLink[];
  linkClassName: string;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('footer.legalTitle')}>
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClassName}>
              {t(link.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
