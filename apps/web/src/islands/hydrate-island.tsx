import { useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { installGlobalErrorLogging, installLoggerLifecycle, logger } from '@/lib/logger';
import { islandIdPrefix } from './island';
import { readIslandPayload } from './payload';
import { ISLANDS, isIslandName, type IslandEntry } from './registry';
import { createTranslator, TextsContext } from './texts';
import { readTypedValues, restoreTypedValues } from './typed-values';

/**
 * Hydrates one island of a public page (docs/decisions/048-islands-on-public-pages.md), loaded
 * with React the first time an island wakes: its code, its texts and props from the server's
 * HTML, a root of its own with the id prefix the server drew it with.
 */

installGlobalErrorLogging();
installLoggerLifecycle();

/** Marks the island once React owns it, for the journeys that wait on it. */
function MarkHydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/** Resolves once React owns the island (its effects have run), or at once when it cannot. */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island;
  const payload = readIslandPayload(element.dataset.islandProps);
  if (!isIslandName(name) || !payload) {
    logger.warning('Island left as drawn: unknown name or unreadable props', { name });
    return;
  }
  const entry: IslandEntry = ISLANDS[name];
  if (!entry.load) {
    logger.warning('Island left as drawn: it has no component to hydrate', { name });
    return;
  }
  const Component = (await entry.load()) as ComponentType<object>;
  let resolve = () => {};
  const hydrated = new Promise<void>((done) => {
    resolve = done;
  });
  const typed = readTypedValues(element);
  const onHydrated = () => {
    if (element.hasAttribute('data-island-hydrated')) return;
    restoreTypedValues(typed);
    element.setAttribute('data-island-hydrated', 'true');
    resolve();
  };
  hydrateRoot(
    element,
    <TextsContext value={createTranslator(payload.language, payload.texts)}>
      <Component {...payload.props} />
      <MarkHydrated onHydrated={onHydrated} />
    </TextsContext>,
    {
      identifierPrefix: islandIdPrefix(Number(element.dataset.islandIndex)),
      onUncaughtError: (error, info) => {
        logger.error('Uncaught render error', {
          island: name,
          error,
          componentStack: info.componentStack,
        });
      },
      // An island that does not hydrate as the server drew it is redrawn: worth knowing.
      onRecoverableError: (error, info) => {
        logger.warning('Page redrawn in the browser', {
          island: name,
          error,
          componentStack: info.componentStack,
        });
      },
    },
  );
  return hydrated;
}
