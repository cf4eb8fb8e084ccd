import type { ReactNode } from 'react';

export type IconProps = { className?: string };

/**
 * The site's line icons, in one module: the shell uses it, so it is part of the first
 * download, and the few icons pages share come with it instead of as tiny chunks of their own.
 *
 * They share one drawing: a 24-unit grid, round strokes in the text colour.
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

/** The tick of feature lists and comparison tables. */
export const CheckIcon = ({ className = 'size-5' }: IconProps) => (
  <LineIcon className={className} strokeWidth={2}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </LineIcon>
);

/** One pictogram per product area, shared by the home grid and the features page. */
const AREA_PATHS = {
  content: 'M5 4h14v16H5zM8.5 8h7M8.5 12h7M8.5 16h4',
  clients:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 20c.6-3.4 3-5.5 6-5.5s5.4 2.1 6 5.5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.5c1.7.7 2.8 2.6 3 5.5',
  licences:
    'M15 3a6 6 0 0 0-5.7 7.9L3 17.2V21h3.8v-2.2H9v-2.2h2.2l1.9-1.9A6 6 0 1 0 15 3zM16.5 7.5h.01',
  billing: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  security: 'M12 3 5 6v5.5c0 4.4 3 8.2 7 9.5 4-1.3 7-5.1 7-9.5V6zM9 12l2.2 2.2L15.5 10',
  performance: 'M4 18a8 8 0 1 1 16 0M12 18l4-6M8 18h8',
} as const;

export type ProductArea = keyof typeof AREA_PATHS;

export const AreaIcon = ({ area, className = 'size-6' }: { area: ProductArea } & IconProps) => (
  <LineIcon className={className}>
    <path d={AREA_PATHS[area]} />
  </LineIcon>
);
