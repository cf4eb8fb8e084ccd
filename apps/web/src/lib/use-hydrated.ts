import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is drawn on the server and while the browser hydrates that HTML, true
 * from the next render on (and at once on later in-app navigations). What only the browser
 * knows (the cart in local storage) shows from then on, so hydration matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
