import type { ReactNode } from 'react';
import { useIsAdmin } from '../session/session-store';

/**
 * What only administrators may do is not shown to support staff (the server refuses it to them
 * anyway, docs/product.md 'Back office' ('Staff sign-in')).
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  return useIsAdmin() ? children : null;
}
