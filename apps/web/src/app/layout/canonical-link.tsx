import { useLocation } from 'react-router';

/**
 * The page's canonical address for search engines: this origin and the path, without the
 * query string (an order failure's `?error=`) or a trailing slash. Rendered by React into
 * <head>, per page; a static one in index.html would name the home page for every route.
 */
export function CanonicalLink() {
  const { pathname } = useLocation();
  const path = pathname === '/' ? pathname : pathname.replace(/\/+$/, '');
  return <link rel="canonical" href={`${window.location.origin}${path}`} />;
}
