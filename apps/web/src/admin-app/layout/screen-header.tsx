import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAdminTitle } from './use-admin-title';

/** A screen's one h1, its short description and its actions. */
export function ScreenHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useAdminTitle(title);
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl sm:text-2xl lg:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** The way back from a detail screen to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mb-2 text-sm">
      <Link to={to} className="text-brand-700 hover:underline">
        {children}
      </Link>
    </p>
  );
}
