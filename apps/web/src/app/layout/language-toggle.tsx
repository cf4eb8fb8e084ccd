import { toggleLanguage } from '@cadran/domain/language';
import type { Language } from '@cadran/domain/constants';
import { pathInLanguage } from '@cadran/domain/localized-path';
import { useLocation } from 'react-router';
import { useTexts } from '@/islands/texts';
import { LanguageLink } from './language-link';

/** The other language's address of the page shown, and that language. */
export function useLanguageTwin(): { href: string; target: Language } {
  const { language } = useTexts();
  const { pathname, search } = useLocation();
  const target = toggleLanguage(language);
  // `pathname` is inside the router's basename: the page's path without the /en prefix.
  return { href: `${pathInLanguage(pathname, target)}${search}`, target };
}

export function LanguageToggle({ className }: { className?: string }) {
  const twin = useLanguageTwin();
  return <LanguageLink {...twin} className={className} />;
}
