import { useTranslation } from 'react-i18next';
import { useSupportEmail } from '@/lib/support-email';
import { Link, useMatches } from 'react-router';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { LanguageToggle } from './language-toggle';
import { LEGAL_LINKS, LegalNav } from './legal-nav';

/**
 * The checkout is drawn without the site's navigation, as the best hosted checkouts are: a
 * buyer who is paying sees the logo, a way back to the cart, the language button and the
 * legal documents, nothing that leads elsewhere (docs/product.md 'Checkout').
 */

/** What a route's `handle` says when the page wants the focused shell. */
export interface FocusedHandle {
  focused: true;
}

const isFocused = (handle: unknown): handle is FocusedHandle =>
  typeof handle === 'object' && handle !== null && (handle as FocusedHandle).focused === true;

/** Whether the page being shown asked for the focused shell. */
export function useFocusedShell(): boolean {
  return useMatches().some((match) => isFocused(match.handle));
}

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900';

export function FocusedHeader() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      <Container className="flex h-16 items-center gap-3">
        <Link to="/" aria-label={t('brand.homeLink')} className="shrink-0 rounded-md">
          <Logo />
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguageToggle />
          <Link to="/store/cart" className={linkClass}>
            <span aria-hidden="true" className="mr-1.5">
              ←
            </span>
            {t('focused.backToCart')}
          </Link>
        </div>
      </Container>
    </header>
  );
}

/** What a buyer about to pay may want to read: the contract first. */
const CHECKOUT_LEGAL_LINKS = ['/legal/sales', '/legal/license', '/legal/privacy', '/legal/notice']
  .map((to) => LEGAL_LINKS.find((link) => link.to === to))
  .filter((link) => link !== undefined);

export function FocusedFooter() {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  const footerLink = 'rounded-sm hover:text-slate-900 hover:underline underline-offset-4';
  return (
    <footer
      aria-label={t('footer.label')}
      className="mt-auto border-t border-slate-200 bg-slate-50 text-sm text-slate-600 print:hidden"
    >
      <Container className="flex flex-col gap-4 py-6 sm:flex-row sm:items-center sm:justify-between">
        <p>
          {t('focused.help')}{' '}
          <a href={`mailto:${supportEmail}`} className={footerLink}>
            {supportEmail}
          </a>
        </p>
        <LegalNav links={CHECKOUT_LEGAL_LINKS} linkClassName={footerLink} />
      </Container>
    </footer>
  );
}
