import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', icon: 'M12 16v-5m0-3h.01' },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: 'm8 12.5 2.5 2.5L16 9.5',
  },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: 'M12 8v5m0 3h.01' },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: 'M12 8v5m0 3h.01' },
} as const;

export type AlertTone = keyof typeof tones;

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** Errors interrupt screen readers (role alert); other messages are polite (role status). */
export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  const style = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-xl border p-4 text-sm', style.box, className)}
    >
      <svg
        className="mt-0.5 size-5 shrink-0"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" />
        <path d={style.icon} />
      </svg>
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={cn(title ? 'mt-1' : undefined, 'leading-6')}>{children}</div>}
      </div>
    </div>
  );
}
