import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

/**
 * The one navigation pill of the site's header, the client area's tab bar and the back
 * office's sidebar: a link of at least 44 px tall (a thumb's target), marked as the current
 * page (`aria-current`, set by NavLink) and tinted when it is. `inline` sits in a row of tabs,
 * `block` in a column.
 */
export function NavPill({
  to,
  end = false,
  layout = 'inline',
  children,
}: {
  to: string;
  end?: boolean;
  layout?: 'inline' | 'block';
  children: ReactNode;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        cn(
          'min-h-11 items-center rounded-lg px-3 text-sm font-medium transition-colors',
          layout === 'inline' ? 'inline-flex whitespace-nowrap' : 'flex',
          isActive
            ? 'bg-brand-50 text-brand-800'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      {children}
    </NavLink>
  );
}
