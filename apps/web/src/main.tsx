import './lib/zod-jitless-first';
import './styles/app.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { SiteOriginContext } from './app/layout/alternate-links';
import { AppProvider } from './app/provider';
import { createQueryClient } from '@/lib/query-client';
import { AppRouter, createAppRouter, loadDrawnPage } from './app/router';
import { readSsrState } from './app/ssr-state';
import { PublisherContext } from './lib/publisher';
import { SupportEmailContext } from './lib/support-email';
import { checkSessionAtStart } from './features/auth/store/session-start';
import { chosenLanguageAddress } from './lib/language';
import { installGlobalErrorLogging, installLoggerLifecycle, logger } from './lib/logger';

installGlobalErrorLogging();
installLoggerLifecycle();

const rootOptions: RootOptions = {
  onUncaughtError: (error, info) => {
    logger.error('Uncaught render error', { error, componentStack: info.componentStack });
    if (import.meta.env.DEV) console.error(error);
  },
  // A page that does not hydrate as the server drew it is redrawn: worth knowing, not fatal.
  onRecoverableError: (error, info) => {
    logger.warning('Page redrawn in the browser', {
      error,
      componentStack: info.componentStack,
    });
  },
};

// A visitor who chose English and opens a French address goes to the English page.
const chosenAddress = chosenLanguageAddress(window.location);
if (chosenAddress) window.location.replace(chosenAddress);
else void start();

async function start() {
  // The session is checked at start (only when a session cookie may exist).
  checkSessionAtStart();

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render into.');

  const drawn = readSsrState();
  if (!drawn) {
    // Without a page drawn by the server (the development server), index.html's static title,
    // description and preview card make way for the ones each page renders (PageMeta).
    document.head
      .querySelectorAll(
        'meta[name="description"], title, meta[property="og:title"], meta[property="og:description"], meta[property="og:locale"]',
      )
      .forEach((node) => node.remove());
    createRoot(container, rootOptions).render(
      <StrictMode>
        <AppProvider>
          <AppRouter router={createAppRouter()} />
        </AppProvider>
      </StrictMode>,
    );
    return;
  }

  // The page the server drew: the same code, texts and data, then React takes over its HTML.
  await loadDrawnPage();
  const client = createQueryClient();
  hydrate(client, drawn.queries);
  hydrateRoot(
    container,
    <StrictMode>
      <AppProvider client={client}>
        <SiteOriginContext value={drawn.origin}>
          <SupportEmailContext value={drawn.supportEmail}>
            <PublisherContext value={drawn.publisher}>
              <AppRouter router={createAppRouter(drawn.router)} />
            </PublisherContext>
          </SupportEmailContext>
        </SiteOriginContext>
      </AppProvider>
    </StrictMode>,
    rootOptions,
  );
}
