import type { ReactNode } from 'react';

export type IconProps = { className?: string };

/**
 * The site's line icons share one drawing: a 24-unit grid, round strokes in the text colour.
 * They are decorative: the text or the control around them carries the meaning.
 */
export function LineIcon({
  className,
  strokeWidth = 1.8,
  children,
}: IconProps & { strokeWidth?: number; children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
