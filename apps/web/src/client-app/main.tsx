import '@/lib/zod-jitless-first';
import '../styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { loadNamespaces } from '@/lib/i18n';
import { installGlobalErrorLogging, installLoggerLifecycle, logger } from '@/lib/logger';
import { applyClientLanguage } from './language';
import { ClientRouter } from './router';
import { signOutOnExpiredSession } from './session';

/**
 * The client area (docs/product.md 'Client area', docs/decisions/028-client-application.md): its
 * own page and router under /client, drawn in the browser only (every screen is personal), in
 * the language the visitor chose on the site.
 */
installGlobalErrorLogging();
installLoggerLifecycle();

async function start() {
  await applyClientLanguage();
  // The screens' texts, the sign-in forms' and the order parts shared with the site's pages.
  await loadNamespaces(['client', 'auth', 'orders', 'renewals']);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render into.');
  const client = createQueryClient();
  signOutOnExpiredSession(client);
  createRoot(container, {
    onUncaughtError: (error, info) => {
      logger.error('Uncaught render error', { error, componentStack: info.componentStack });
    },
  }).render(
    <StrictMode>
      <AppProvider client={client}>
        <ClientRouter />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
