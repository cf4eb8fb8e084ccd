import { LineIcon, type IconProps } from '@/components/icons/line-icons';

/** Icons of the shell (header and footer); the controls around them carry the names. */

export const CartIcon = ({ className = 'size-6' }: IconProps) => (
  <LineIcon className={className}>
    <path d="M3 4h2l2.2 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.1" />
    <circle cx="9.5" cy="19.5" r="1.25" />
    <circle cx="17" cy="19.5" r="1.25" />
  </LineIcon>
);

export const UserIcon = ({ className = 'size-5' }: IconProps) => (
  <LineIcon className={className}>
    <circle cx="12" cy="8" r="3.5" />
    <path d="M5 20c.9-3.5 3.6-5.5 7-5.5s6.1 2 7 5.5" />
  </LineIcon>
);

export const GlobeIcon = ({ className = 'size-5' }: IconProps) => (
  <LineIcon className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
  </LineIcon>
);

export const MenuIcon = ({ open, className = 'size-6' }: { open: boolean } & IconProps) => (
  <LineIcon className={className}>
    {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
  </LineIcon>
);

export const MailIcon = ({ className = 'size-4' }: IconProps) => (
  <LineIcon className={className}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </LineIcon>
);
