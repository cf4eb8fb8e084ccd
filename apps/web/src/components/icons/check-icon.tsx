import { LineIcon, type IconProps } from './line-icon';

/** The tick of feature lists and comparison tables. */
export const CheckIcon = ({ className = 'size-5' }: IconProps) => (
  <LineIcon className={className} strokeWidth={2}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </LineIcon>
);
