import type { ReactNode } from 'react';
import { Container } from './container';

export interface PageHeaderProps {
  title: ReactNode;
  intro?: ReactNode;
  eyebrow?: ReactNode;
  /** Actions or details under the intro (buttons, a date). */
  children?: ReactNode;
}

/** The band at the top of a page: its single h1 and a one-paragraph introduction. */
export function PageHeader({ title, intro, eyebrow, children }: PageHeaderProps) {
  return (
    <header className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white">
      <Container className="py-14 sm:py-20">
        <div className="max-w-3xl">
          {eyebrow && (
            <p className="mb-3 text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {eyebrow}
            </p>
          )}
          <h1>{title}</h1>
          {intro && <p className="mt-5 text-lg leading-8 text-slate-600">{intro}</p>}
          {children && <div className="mt-8">{children}</div>}
        </div>
      </Container>
    </header>
  );
}
