/** Icons of the features page; decorative, the text beside them carries the meaning. */
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

type IconProps = { className?: string };

export const CheckIcon = ({ className = 'size-5' }: IconProps) => (
  <svg className={className} {...common}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);

export const CrossIcon = ({ className = 'size-5' }: IconProps) => (
  <svg className={className} {...common}>
    <path d="M7 7l10 10M17 7 7 17" />
  </svg>
);

export const PartialIcon = ({ className = 'size-5' }: IconProps) => (
  <svg className={className} {...common}>
    <circle cx="12" cy="12" r="7.5" />
    <path d="M12 4.5a7.5 7.5 0 0 1 0 15z" fill="currentColor" />
  </svg>
);

const AREA_PATHS = {
  content: 'M5 4h14v16H5zM8.5 8h7M8.5 12h7M8.5 16h4',
  clients:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 20c.6-3.4 3-5.5 6-5.5s5.4 2.1 6 5.5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.5c1.7.7 2.8 2.6 3 5.5',
  licences:
    'M15 3a6 6 0 0 0-5.7 7.9L3 17.2V21h3.8v-2.2H9v-2.2h2.2l1.9-1.9A6 6 0 1 0 15 3zM16.5 7.5h.01',
  billing: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
} as const;

export type FeatureArea = keyof typeof AREA_PATHS;

export const AreaIcon = ({ area, className = 'size-6' }: { area: FeatureArea } & IconProps) => (
  <svg className={className} {...common} strokeWidth={1.8}>
    <path d={AREA_PATHS[area]} />
  </svg>
);
