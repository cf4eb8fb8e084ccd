import { cn } from '@/lib/cn';

export interface LogoProps {
  className?: string;
  /** 'inverse' draws the wordmark for dark surfaces. */
  tone?: 'default' | 'inverse';
  /** Hides the wordmark, e.g. where space is short. */
  markOnly?: boolean;
}

/**
 * The Cadran mark: a dial (French "cadran") with four hour ticks, hands at ten past ten and a
 * brass centre. Decorative: the link or heading around it carries the accessible name.
 */
export function LogoMark({ className, tone = 'default' }: Pick<LogoProps, 'className' | 'tone'>) {
  const ink = tone === 'inverse' ? '#ffffff' : '#2a41d6';
  return (
    <svg
      className={cn('size-8 shrink-0', className)}
      viewBox="0 0 32 32"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="16" cy="16" r="13.5" stroke={ink} strokeWidth="3" />
      <path
        d="M16 5.5v3M26.5 16h-3M16 26.5v-3M5.5 16h3"
        stroke={ink}
        strokeWidth="2.25"
        strokeLinecap="round"
      />
      <path d="m16 16-5.5-4.5M16 16l6.25-6" stroke={ink} strokeWidth="2.75" strokeLinecap="round" />
      <circle cx="16" cy="16" r="2.5" fill="#f59e0b" />
    </svg>
  );
}

export function Logo({ className, tone = 'default', markOnly = false }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark tone={tone} />
      {!markOnly && (
        <span
          className={cn(
            'text-xl font-bold tracking-tight',
            tone === 'inverse' ? 'text-white' : 'text-slate-900',
          )}
        >
          Cadran
        </span>
      )}
    </span>
  );
}
