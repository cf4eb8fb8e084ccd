import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A white card with an optional heading and the actions beside it: named by its heading, the
 * card is a region a screen reader can jump to. The back office and the client area each give
 * it their own sizes (padding, heading, spacing) through the class names.
 */
export function TitledCard({
  title,
  id,
  actions,
  children,
  className,
  headerClassName,
  headingClassName,
}: {
  title?: string;
  /** The heading's id when the page links to it; a generated one otherwise. */
  id?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headerClassName?: string;
  headingClassName?: string;
}) {
  const generatedId = useId();
  const headingId = id ?? generatedId;
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className={cn('rounded-card border border-slate-200 bg-white p-5 shadow-sm', className)}
    >
      {(title || actions) && (
        <div className={cn('mb-4 flex flex-wrap items-center justify-between', headerClassName)}>
          {title && (
            <h2 id={headingId} className={headingClassName}>
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
