import { toggleLanguage } from '@cadran/domain/language';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { GlobeIcon } from '@/app/layout/icons';
import { MAIN_CONTENT_ID, SkipLink } from '@/app/layout/skip-link';
import { ScrollRegion } from '@/components/table/scroll-region';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { NavPill } from '@/components/ui/nav-pill';
import { selectIsAuthenticated, useAuthStore } from '@/features/auth/store/auth-store';
import { currentLanguage } from '@/lib/i18n';
import { followAccountLanguage, switchClientLanguage } from '../language';

const NAV = [
  { to: '/', key: 'nav.dashboard', end: true },
  { to: '/orders', key: 'nav.orders', end: false },
  { to: '/licences', key: 'nav.licences', end: false },
  { to: '/downloads', key: 'nav.downloads', end: false },
  { to: '/invoices', key: 'nav.invoices', end: false },
  { to: '/profile', key: 'nav.profile', end: false },
  { to: '/security', key: 'nav.security', end: false },
  { to: '/privacy', key: 'nav.privacy', end: false },
] as const;

/**
 * The frame of every screen: the site's logo (a document link back to the site), the language
 * switch, and once signed in the area's sections and sign-out.
 */
export function ClientShell() {
  const { t } = useTranslation('client');
  const signedIn = useAuthStore(selectIsAuthenticated);
  const accountLanguage = useAuthStore((state) => state.user?.language);
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();
  const target = toggleLanguage(currentLanguage());

  useEffect(() => {
    if (accountLanguage) void followAccountLanguage(accountLanguage);
  }, [accountLanguage]);

  const signOut = async () => {
    await logout();
    await navigate('/sign-in');
  };

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <Container className="flex min-h-16 flex-wrap items-center gap-3 py-2">
          <a href="/" aria-label={t('shell.siteLink')} className="shrink-0 rounded-md">
            <Logo />
          </a>
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
            {t('shell.name')}
          </span>
          <div className="ml-auto flex items-center gap-1">
            <button
              type="button"
              lang={target}
              onClick={() => void switchClientLanguage(target)}
              aria-label={t('shell.languageSwitch')}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            >
              <GlobeIcon />
              <span>{target.toUpperCase()}</span>
            </button>
            {signedIn && (
              <Button variant="ghost" onClick={() => void signOut()}>
                {t('shell.signOut')}
              </Button>
            )}
          </div>
        </Container>
        {signedIn && (
          <Container>
            <nav aria-label={t('shell.navLabel')} className="-mx-1 pb-2">
              <ScrollRegion label={t('shell.navLabel')}>
                <ul className="flex gap-1 px-1">
                  {NAV.map((item) => (
                    <li key={item.to}>
                      <NavPill to={item.to} end={item.end}>
                        {t(item.key)}
                      </NavPill>
                    </li>
                  ))}
                </ul>
              </ScrollRegion>
            </nav>
          </Container>
        )}
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 py-8 outline-none sm:py-10">
        <Container>
          <Outlet />
        </Container>
      </main>
      <footer className="border-t border-slate-200 bg-white py-6 text-sm text-slate-600">
        <Container className="flex flex-wrap gap-x-6 gap-y-2">
          <a className="underline hover:text-slate-900" href="/">
            {t('shell.backToSite')}
          </a>
          <a className="underline hover:text-slate-900" href="/contact">
            {t('shell.help')}
          </a>
          <a className="underline hover:text-slate-900" href="/legal/privacy">
            {t('shell.privacyPolicy')}
          </a>
        </Container>
      </footer>
    </div>
  );
}
