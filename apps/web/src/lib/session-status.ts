/**
 * Where the visitor's session stands: not asked yet, being asked, signed in, or not. The
 * account feature owns the session; the pages that only show things to a signed-in owner
 * (checkout, orders, test payments) receive this value from the app layer, so they share
 * the type without importing that feature.
 */
export type SessionStatus = 'unknown' | 'checking' | 'authenticated' | 'anonymous';
