import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Island } from '@/islands/island';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { NavPill } from '@/components/ui/nav-pill';
import { CartLink } from './cart-link';
import { UserIcon } from './icons';
import { LanguageToggle, useLanguageTwin } from './language-toggle';
import { MobileNavigation } from './mobile-menu';
import { CLIENT_AREA_URL, NAV_ITEMS } from './nav-items';

/**
 * Header (docs/product.md 'Pages and routes' ('Header and footer')): logo, main links, language,
 * client area, cart, Buy, and a mobile menu.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const twin = useLanguageTwin();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-backdrop-filter:bg-white/85 print:hidden">
      <Container className="flex h-16 items-center gap-3">
        <Link to="/" aria-label={t('brand.homeLink')} className="shrink-0 rounded-md">
          <Logo />
        </Link>

        <nav aria-label={t('nav.label')} className="ml-6 hidden xl:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavPill to={item.to} end={item.end}>
                  {t(item.labelKey)}
                </NavPill>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguageToggle className="max-xl:hidden" />
          <a
            href={CLIENT_AREA_URL}
            className="hidden min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 xl:inline-flex"
          >
            <UserIcon />
            {t('nav.clientArea')}
          </a>
          <Island name="cart-link" component={CartLink} props={{}} />
          <LinkButton to="/pricing" className="max-sm:hidden">
            {t('nav.buy')}
          </LinkButton>
          <Island
            name="mobile-navigation"
            component={MobileNavigation}
            props={{ currentPath: pathname, languageHref: twin.href, languageTarget: twin.target }}
          />
        </div>
      </Container>
    </header>
  );
}
