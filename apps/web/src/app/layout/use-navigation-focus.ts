import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from './skip-link';

/**
 * After a client-side navigation, screen-reader and keyboard users land on the new page's
 * heading (or the fragment it targets), as they would after a full page load. The first load
 * is left alone. Scrolling is the router's ScrollRestoration's job, hence preventScroll.
 */
export function useNavigationFocus(): void {
  const { pathname, hash } = useLocation();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    const fragment = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    const target = fragment ?? main.querySelector<HTMLElement>('h1') ?? main;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname, hash]);
}
