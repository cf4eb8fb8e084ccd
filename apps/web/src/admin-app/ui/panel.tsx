import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A white card with an optional heading: the back office's unit of layout. */
export function Panel({
  title,
  actions,
  children,
  className,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    // Named by its heading, the card is a region a screen reader can jump to.
    <section
      aria-labelledby={title ? titleId : undefined}
      className={cn('rounded-card border border-slate-200 bg-white p-5 shadow-sm', className)}
    >
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title && (
            <h2 id={titleId} className="text-lg sm:text-lg">
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

/** Label and value pairs of a detail screen. */
export function Facts({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="mt-0.5 font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
