import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/ui/logo';
import { LanguageToggle } from '../layout/language-toggle';

/** The sign-in steps' page: the mark, the step's card, the language toggle. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <span className="inline-flex items-center gap-3">
          <Logo />
          <span className="rounded-md bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
            {t('shell.badge')}
          </span>
        </span>
        <LanguageToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-16">
        <div className="w-full max-w-md rounded-card border border-slate-200 bg-white p-6 shadow-card sm:p-8">
          <h1 className="text-2xl sm:text-2xl lg:text-2xl">{title}</h1>
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
