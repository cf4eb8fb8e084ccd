import type { Language } from '@cadran/domain/constants';
import { pathInLanguage } from '@cadran/domain/localized-path';
import { useEffect, useRef, useState } from 'react';
import { AnchorButton } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { useTexts } from '@/islands/texts';
import { cn } from '@/lib/cn';
import { MenuIcon } from './icons';
import { LanguageLink } from './language-link';
import { CLIENT_AREA_URL, NAV_ITEMS } from './nav-items';

export const MOBILE_MENU_ID = 'mobile-menu';

export interface MobileNavigationProps {
  /** The page shown, without the language prefix: its link is marked current. */
  currentPath: string;
  /** The same page in the other language. */
  languageHref: string;
  languageTarget: Language;
}

const isCurrent = (item: (typeof NAV_ITEMS)[number], currentPath: string) =>
  item.end
    ? currentPath === item.to
    : currentPath === item.to || currentPath.startsWith(`${item.to}/`);

/**
 * The navigation of narrow screens: the header's menu button and the disclosure panel it opens
 * under the header, one island on the public pages (docs/decisions/048-islands-on-public-pages.md).
 * The panel stays in the DOM (hidden) so the button's aria-controls always points at an
 * element; Escape closes it and gives focus back to the button. Its links are plain links:
 * each public page is a page load of its own.
 */
export function MobileNavigation({
  currentPath,
  languageHref,
  languageTarget,
}: MobileNavigationProps) {
  const { t, language } = useTexts();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={MOBILE_MENU_ID}
        aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
        onClick={() => setOpen(!open)}
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900 xl:hidden"
      >
        <MenuIcon open={open} />
      </button>
      {/* Under the header (its sticky box is the panel's containing block). */}
      <div
        id={MOBILE_MENU_ID}
        hidden={!open}
        className="absolute inset-x-0 top-full border-t border-slate-200 bg-white shadow-lg xl:hidden"
      >
        <Container className="py-4">
          <nav aria-label={t('nav.label')}>
            <ul className="grid gap-1">
              {NAV_ITEMS.map((item) => {
                const current = isCurrent(item, currentPath);
                return (
                  <li key={item.to}>
                    <a
                      href={pathInLanguage(item.to, language)}
                      aria-current={current ? 'page' : undefined}
                      onClick={close}
                      className={cn(
                        'flex min-h-12 items-center rounded-lg px-3 text-base font-medium',
                        current
                          ? 'bg-brand-50 text-brand-800'
                          : 'text-slate-800 hover:bg-slate-100',
                      )}
                    >
                      {t(item.labelKey)}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-3">
            <LanguageLink
              href={languageHref}
              target={languageTarget}
              className="justify-center border border-slate-300"
            />
            <AnchorButton href={CLIENT_AREA_URL} variant="outline">
              {t('nav.clientArea')}
            </AnchorButton>
            <AnchorButton href={pathInLanguage('/pricing', language)} onClick={close}>
              {t('nav.buy')}
            </AnchorButton>
          </div>
        </Container>
      </div>
    </>
  );
}
