import { SESSION_HINT_COOKIE } from '@cadran/domain/constants';

/**
 * The readable companion of the HttpOnly session cookie (no secret in it). When it is absent
 * nobody is signed in, so the start-up check skips a /auth/me call that could only fail.
 * Kept free of zod and of the store so the first page can import it for nothing.
 */
export function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie
    .split(';')
    .some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** Drops the hint locally, for a logout whose call did not reach the server. */
export function clearSessionHint(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
