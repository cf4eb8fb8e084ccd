import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { Button } from '@/components/ui/button';
import { NavPill } from '@/components/ui/nav-pill';
import { cn } from '@/lib/cn';
import { useStaff, useStaffSession } from '../session/session-store';
import { LanguageToggle } from './language-toggle';
import { navItemsFor } from './nav-items';

/** The opened back office: the menu of screens, who is signed in, and the screen itself. */
export function AdminShell() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const signOut = useStaffSession((store) => store.signOut);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);
  // Any navigation closes the phone menu.
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  const nav = (
    <ul className="space-y-1">
      {navItemsFor(staff.role).map((item) => (
        <li key={item.to}>
          <NavPill to={item.to} end={item.to === '/'} layout="block">
            {t(item.labelKey)}
          </NavPill>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {t('shell.skip')}
      </a>
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
        <Logo />
        <Button
          variant="outline"
          size="sm"
          aria-expanded={menuOpen}
          aria-controls="admin-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {t('shell.menu')}
        </Button>
      </header>
      {/* The aside stretches to the page's whole height (its white and its border run down
          long pages); the menu inside stays in view while the page scrolls. */}
      <aside
        id="admin-menu"
        className={cn(
          'border-b border-slate-200 bg-white lg:block lg:w-64 lg:shrink-0 lg:border-r lg:border-b-0',
          !menuOpen && 'hidden',
        )}
      >
        <div className="px-4 py-4 lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col">
          <div className="mb-6 hidden items-center gap-2 lg:flex">
            <Logo />
            <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {t('shell.badge')}
            </span>
          </div>
          <nav aria-label={t('shell.navLabel')} className="flex-1">
            {nav}
          </nav>
          <div className="mt-6 border-t border-slate-200 pt-4 text-sm">
            <p className="truncate font-medium text-slate-900">{staff.email}</p>
            <p className="text-slate-600">{t(`roles.${staff.role}`)}</p>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <LanguageToggle />
              <Button variant="ghost" size="sm" onClick={() => void signOut()}>
                {t('shell.signOut')}
              </Button>
            </div>
          </div>
        </div>
      </aside>
      <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 sm:px-8 lg:py-8">
        <div className="mx-auto max-w-7xl">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
