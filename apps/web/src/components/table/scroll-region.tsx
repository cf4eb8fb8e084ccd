import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A box that scrolls sideways (a wide table, a tab bar on a phone): named, reachable by
 * keyboard so its hidden part can be scrolled without a mouse (WCAG 2.1.1, axe
 * 'scrollable-region-focusable'), and shaded at the edge that has more to show.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // 'relative': screen-reader-only text in a wide table must scroll with it, not widen the page.
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
      tabIndex={0}
      className={cn('scroll-hint relative overflow-x-auto', className)}
    >
      {children}
    </div>
  );
}
