import type { ReactNode } from 'react';
import { TitledCard } from '@/components/ui/titled-card';

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
  return (
    <TitledCard
      title={title}
      actions={actions}
      className={className}
      headerClassName="gap-2"
      headingClassName="text-lg sm:text-lg"
    >
      {children}
    </TitledCard>
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
