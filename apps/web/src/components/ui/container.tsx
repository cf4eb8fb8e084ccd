import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface ContainerProps {
  children: ReactNode;
  className?: string;
  /** Narrow containers suit long text (legal pages, forms). */
  size?: 'default' | 'narrow';
}

export function Container({ children, className, size = 'default' }: ContainerProps) {
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 sm:px-6 lg:px-8',
        size === 'narrow' ? 'max-w-4xl' : 'max-w-7xl',
        className,
      )}
    >
      {children}
    </div>
  );
}
