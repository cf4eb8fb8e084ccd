import { activeLanguage } from '@/lib/active-language';

/** The auth calls (docs/product.md 'Accounts and sessions'). */
export const AUTH_PATHS = {
  login: '/api/v1/website/auth/login',
  register: '/api/v1/website/auth/register',
  me: '/api/v1/website/auth/me',
  session: '/api/v1/website/auth/session',
  logout: '/api/v1/website/auth/logout',
} as const;

/**
 * The site's language, so the server's messages come back in it and not in the browser's (read
 * without the i18n library, so an island reading the session does not load it).
 */
export const languageHeaders = () => ({ 'Accept-Language': activeLanguage() });
