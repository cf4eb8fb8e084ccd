import { useTranslation } from 'react-i18next';
import { usePublisher } from '@/lib/publisher';
import { useSupportEmail } from '@/lib/support-email';
import { Link } from 'react-router';
import { SUPPORT_HOURS_KEY } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { Island } from '@/islands/island';
import { currentLanguage } from '@/lib/i18n';
import { MailIcon } from './icons';
import { LEGAL_LINKS, LegalNav } from './legal-nav';
import { CLIENT_AREA_URL } from './nav-items';

interface FooterLink {
  labelKey: string;
  to: string;
  /** Outside the SPA (the client area): a plain link with a full page load. */
  external?: boolean;
}

/**
 * Footer (docs/product.md 'Pages and routes' ('Header and footer')): product, support and company
 * columns, linking only to pages that exist.
 */
const COLUMNS: ReadonlyArray<{ titleKey: string; links: FooterLink[] }> = [
  {
    titleKey: 'footer.productTitle',
    links: [
      { labelKey: 'footer.features', to: '/features' },
      { labelKey: 'footer.pricing', to: '/pricing' },
      { labelKey: 'footer.roadmap', to: '/roadmap' },
      { labelKey: 'footer.changelog', to: '/changelog' },
      { labelKey: 'footer.cart', to: '/store/cart' },
    ],
  },
  {
    titleKey: 'footer.supportTitle',
    links: [
      { labelKey: 'footer.contact', to: '/contact' },
      { labelKey: 'footer.faq', to: '/contact#faq' },
      { labelKey: 'footer.clientArea', to: CLIENT_AREA_URL, external: true },
    ],
  },
  {
    titleKey: 'footer.companyTitle',
    links: [{ labelKey: 'footer.about', to: '/about' }, ...LEGAL_LINKS],
  },
];

const linkClass = 'rounded-sm text-slate-300 hover:text-white hover:underline underline-offset-4';

export function SiteFooter() {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  const publisher = usePublisher();
  const year = new Date().getFullYear();
  return (
    <footer
      aria-label={t('footer.label')}
      className="on-dark mt-auto bg-brand-950 text-sm text-slate-300 print:hidden"
    >
      <Container className="grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-[1.4fr_repeat(3,1fr)_1.6fr]">
        <div className="max-w-xs">
          <Link to="/" aria-label={t('brand.homeLink')} className="inline-block rounded-md">
            <Logo tone="inverse" />
          </Link>
          <p className="mt-4 leading-6">{t('footer.description')}</p>
        </div>

        {COLUMNS.map((column) => (
          <div key={column.titleKey}>
            <h2 className="text-sm font-semibold tracking-wide text-white">{t(column.titleKey)}</h2>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.to}>
                  {link.external ? (
                    <a href={link.to} className={linkClass}>
                      {t(link.labelKey)}
                    </a>
                  ) : (
                    <Link to={link.to} className={linkClass}>
                      {t(link.labelKey)}
                    </Link>
                  )}
                </li>
              ))}
              {column.titleKey === 'footer.supportTitle' && (
                <>
                  <li>
                    <a
                      href={`mailto:${supportEmail}`}
                      className={`${linkClass} inline-flex items-center gap-2`}
                    >
                      <MailIcon />
                      {supportEmail}
                    </a>
                  </li>
                  <li className="text-slate-400">
                    {translateMessage(SUPPORT_HOURS_KEY, currentLanguage())}
                  </li>
                </>
              )}
            </ul>
          </div>
        ))}

        <div className="md:col-span-2 lg:col-span-1">
          <h2 className="text-sm font-semibold tracking-wide text-white">
            {t('footer.newsletterTitle')}
          </h2>
          <p className="mt-4 mb-4 leading-6">{t('footer.newsletterDescription')}</p>
          <Island name="newsletter-form" component={NewsletterForm} props={{}} />
        </div>
      </Container>

      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-4 py-6 sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer.copyright', { year, companyName: publisher.name })}</p>
          <LegalNav linkClassName={linkClass} />
        </Container>
      </div>
    </footer>
  );
}
