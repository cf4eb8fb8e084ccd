import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SectionHeadingProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  description?: ReactNode;
  /** Heading level; sections under the page's h1 use h2. */
  as?: 'h1' | 'h2' | 'h3';
  align?: 'left' | 'center';
  /** Lets the section point aria-labelledby at its heading. */
  id?: string;
  className?: string;
}

export function SectionHeading({
  title,
  eyebrow,
  description,
  as: Heading = 'h2',
  align = 'left',
  id,
  className,
}: SectionHeadingProps) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && (
        <p className="mb-3 text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {eyebrow}
        </p>
      )}
      <Heading id={id}>{title}</Heading>
      {description && <p className="mt-4 text-lg leading-8 text-slate-600">{description}</p>}
    </div>
  );
}
