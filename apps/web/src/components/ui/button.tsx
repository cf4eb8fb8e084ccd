import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

const variants = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100 active:bg-brand-200',
  outline:
    'border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-slate-400 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  /** For dark surfaces (footer, dark bands). */
  inverse: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
} as const;

const sizes = {
  sm: 'min-h-9 px-3 text-sm gap-1.5',
  md: 'min-h-11 px-4 text-sm gap-2',
  lg: 'min-h-12 px-6 text-base gap-2',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The button look, for elements that are not a Button (e.g. a plain <a> to /client). */
export function buttonClasses(
  { variant = 'primary', size = 'md', fullWidth = false }: ButtonStyleProps = {},
  extra?: string,
) {
  return cn(
    'inline-flex items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
    variants[variant],
    sizes[size],
    fullWidth && 'w-full',
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleProps {
  /** Disables the button and shows a spinner while an action runs. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, fullWidth }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" />}
      {children}
    </button>
  );
}

export type AnchorButtonProps = AnchorHTMLAttributes<HTMLAnchorElement> &
  ButtonStyleProps & { href: string };

/** A document link styled as a button, for pages outside this app such as /client. */
export function AnchorButton({
  variant,
  size,
  fullWidth,
  className,
  children,
  ...rest
}: AnchorButtonProps) {
  return (
    <a className={buttonClasses({ variant, size, fullWidth }, className)} {...rest}>
      {children}
    </a>
  );
}
