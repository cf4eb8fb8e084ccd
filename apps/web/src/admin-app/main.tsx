import '@/lib/zod-jitless-first';
import '../styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { installGlobalErrorLogging, installLoggerLifecycle, logger } from '@/lib/logger';
import { startAdminLanguage } from './language';
import { createAdminRouter } from './router';

/**
 * The back office (docs/product.md 'Back office' ('Screens')): its own entry, drawn in the
 * browser only, under /admin. It shares the site's identity (components, styles, API client)
 * but none of the public pages' code.
 */
installGlobalErrorLogging();
installLoggerLifecycle();

async function start() {
  await startAdminLanguage();
  const container = document.getElementById('admin-root');
  if (!container) throw new Error('The back office page has no #admin-root element.');
  createRoot(container, {
    onUncaughtError: (error, info) => {
      logger.error('Uncaught render error in the back office', {
        error,
        componentStack: info.componentStack,
      });
    },
  }).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={createAdminRouter()} />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
