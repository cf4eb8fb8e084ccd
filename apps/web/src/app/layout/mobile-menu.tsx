import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AnchorButton, LinkButton } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { cn } from '@/lib/cn';
import { LanguageToggle } from './language-toggle';
import { CLIENT_AREA_URL, NAV_ITEMS } from './nav-items';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  /** Closes the menu when a link is followed, even to the page already shown. */
  onNavigate: () => void;
}

/**
 * The navigation of narrow screens, a disclosure panel under the header. It stays in the DOM
 * (hidden) so the toggle's aria-controls always points at an element.
 */
export function MobileMenu({ id, open, onNavigate }: MobileMenuProps) {
  const { t } = useTranslation();
  return (
    <div id={id} hidden={!open} className="border-t border-slate-200 bg-white shadow-lg xl:hidden">
      <Container className="py-4">
        <nav aria-label={t('nav.label')}>
          <ul className="grid gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-12 items-center rounded-lg px-3 text-base font-medium',
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100',
                    )
                  }
                >
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-3">
          <LanguageToggle className="justify-center border border-slate-300" />
          <AnchorButton href={CLIENT_AREA_URL} variant="outline">
            {t('nav.clientArea')}
          </AnchorButton>
          <LinkButton to="/pricing" onClick={onNavigate}>
            {t('nav.buy')}
          </LinkButton>
        </div>
      </Container>
    </div>
  );
}
