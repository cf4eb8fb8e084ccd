import type { ReactNode } from 'react';

/** One titled part of the checkout form, named by its heading for screen-reader navigation. */
export function CheckoutSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-slate-600">{intro}</p>
      </div>
      {children}
    </section>
  );
}
