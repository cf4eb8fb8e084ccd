import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LinkButton } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';
import { CartLink } from './cart-link';
import { MenuIcon, UserIcon } from './icons';
import { LanguageToggle } from './language-toggle';
import { MobileMenu } from './mobile-menu';
import { CLIENT_AREA_URL, NAV_ITEMS } from './nav-items';

export const MOBILE_MENU_ID = 'mobile-menu';

/**
 * Header (docs/product.md 'Pages and routes' ('Header and footer')): logo, main links, language,
 * client area, cart, Buy, and a mobile menu.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  // The menu belongs to the page it was opened on: any navigation closes it, with no effect.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn === location.key;
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

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
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium transition-colors',
                      isActive
                        ? 'bg-brand-50 text-brand-800'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  {t(item.labelKey)}
                </NavLink>
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
          <CartLink />
          <LinkButton to="/pricing" className="max-sm:hidden">
            {t('nav.buy')}
          </LinkButton>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={open}
            aria-controls={MOBILE_MENU_ID}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpenedOn(open ? null : location.key)}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900 xl:hidden"
          >
            <MenuIcon open={open} />
          </button>
        </div>
      </Container>

      <MobileMenu id={MOBILE_MENU_ID} open={open} onNavigate={() => setOpenedOn(null)} />
    </header>
  );
}
