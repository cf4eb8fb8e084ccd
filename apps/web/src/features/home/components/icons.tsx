import { LineIcon, type IconProps } from '@/components/icons/line-icons';

/** Controls of the home page's showcase and gallery; their buttons carry the names. */

export const ChevronLeftIcon = ({ className = 'size-5' }: IconProps) => (
  <LineIcon className={className}>
    <path d="m14.5 5.5-6.5 6.5 6.5 6.5" />
  </LineIcon>
);

export const ChevronRightIcon = ({ className = 'size-5' }: IconProps) => (
  <LineIcon className={className}>
    <path d="m9.5 5.5 6.5 6.5-6.5 6.5" />
  </LineIcon>
);

export const PauseIcon = ({ className = 'size-4' }: IconProps) => (
  <LineIcon className={className}>
    <path d="M9 6v12M15 6v12" />
  </LineIcon>
);

export const PlayIcon = ({ className = 'size-4' }: IconProps) => (
  <LineIcon className={className}>
    <path d="M8 5.5v13l10-6.5z" />
  </LineIcon>
);

export const ExpandIcon = ({ className = 'size-5' }: IconProps) => (
  <LineIcon className={className}>
    <path d="M14 4h6v6M10 20H4v-6M20 4l-7 7M4 20l7-7" />
  </LineIcon>
);

export const CloseIcon = ({ className = 'size-5' }: IconProps) => (
  <LineIcon className={className}>
    <path d="M6 6l12 12M18 6 6 18" />
  </LineIcon>
);
