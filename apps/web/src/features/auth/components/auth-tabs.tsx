import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { clientAreaPath } from '@cadran/domain/localized-path';
import type { MessageKey } from '@cadran/domain/messages';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { currentLanguage } from '@/lib/i18n';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthTab = 'login' | 'register';

export interface AuthTabsProps {
  /** The tab shown first; checkout opens on login, a new visitor may start on register. */
  defaultTab?: AuthTab;
  /** Called once the visitor is signed in (the auth store already holds the user). */
  onAuthenticated?: () => void;
  /** What a failed sign-in says when the server sent no message (the checkout asks to retry). */
  loginFailureFallback?: MessageKey;
  className?: string;
}

const triggerClasses = cn(
  'flex min-h-12 flex-1 items-center justify-center rounded-lg px-4 text-sm font-semibold transition-colors',
  'text-slate-700 hover:bg-white/70 hover:text-slate-900',
  'data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm',
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
);

const panelClasses =
  'rounded-b-card p-5 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600 sm:p-8';

/**
 * Login and register tabs (docs/product.md 'Accounts and sessions'), shown to anonymous visitors
 * at checkout and on /account; self-contained: it talks to the auth store, so any page can render
 * it. Arrow keys move between tabs (WAI-ARIA tabs pattern, through Radix Tabs).
 */
export function AuthTabs({
  defaultTab = 'login',
  onAuthenticated,
  loginFailureFallback,
  className,
}: AuthTabsProps) {
  const { t } = useTranslation('auth');
  const [tab, setTab] = useState<AuthTab>(defaultTab);

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setTab(value === 'register' ? 'register' : 'login')}
      className={cn('rounded-card border border-slate-200 bg-white shadow-card', className)}
    >
      <Tabs.List
        aria-label={t('tabs.label')}
        className="flex gap-1 rounded-t-card border-b border-slate-200 bg-slate-100 p-1.5"
      >
        <Tabs.Trigger value="login" className={triggerClasses}>
          {t('tabs.login')}
        </Tabs.Trigger>
        <Tabs.Trigger value="register" className={triggerClasses}>
          {t('tabs.register')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="login" className={panelClasses}>
        <LoginForm onSuccess={onAuthenticated} failureFallback={loginFailureFallback} />
        {/* The reset flow lives in the client area, opened in the visitor's language. */}
        <p className="mt-4 text-center text-sm">
          <a
            className="font-semibold text-brand-700 underline"
            href={clientAreaPath('/forgot-password', currentLanguage())}
          >
            {t('login.forgot')}
          </a>
        </p>
      </Tabs.Content>
      <Tabs.Content value="register" className={panelClasses}>
        <RegisterForm onSuccess={onAuthenticated} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
