import { hasSessionHint } from './session-hint';

/**
 * The session is checked at start. The store loads only when a session may exist; this lives
 * apart from session-hint.ts, which the store itself imports, so neither imports the other back.
 */
export function checkSessionAtStart(): void {
  if (!hasSessionHint()) return;
  void import('./auth-store').then(({ useAuthStore }) => useAuthStore.getState().checkSession());
}
