import { LineIcon, type IconProps } from '@/components/icons/line-icons';

/** Marks of the comparison table; each cell also says it in text for screen readers. */

export const CrossIcon = ({ className = 'size-5' }: IconProps) => (
  <LineIcon className={className} strokeWidth={2}>
    <path d="M7 7l10 10M17 7 7 17" />
  </LineIcon>
);

export const PartialIcon = ({ className = 'size-5' }: IconProps) => (
  <LineIcon className={className} strokeWidth={2}>
    <circle cx="12" cy="12" r="7.5" />
    <path d="M12 4.5a7.5 7.5 0 0 1 0 15z" fill="currentColor" />
  </LineIcon>
);
