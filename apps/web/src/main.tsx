import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { checkSessionAtStart } from './features/auth/store/session-hint';
import { chosenLanguageAddress } from './lib/language';
import { installGlobalErrorLogging, installLoggerLifecycle, logger } from './lib/logger';
import { disableZodJit } from './lib/zod-jitless';

disableZodJit();
installGlobalErrorLogging();
installLoggerLifecycle();

// index.html carries a title, description and link-preview card for clients without JavaScript;
// from here on each page renders its own (PageMeta), and a leftover static one would be read first.
document.head
  .querySelectorAll(
    'meta[name="description"], title, meta[property="og:title"], meta[property="og:description"], meta[property="og:locale"]',
  )
  .forEach((node) => node.remove());

// A visitor who chose English and opens a French address goes to the English page.
const chosenAddress = chosenLanguageAddress(window.location);
if (chosenAddress) window.location.replace(chosenAddress);
else start();

function start() {
  // The session is checked at start (only when a session cookie may exist).
  checkSessionAtStart();

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render into.');

  createRoot(container, {
    onUncaughtError: (error, info) => {
      logger.error('Uncaught render error', { error, componentStack: info.componentStack });
      if (import.meta.env.DEV) console.error(error);
    },
  }).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}
