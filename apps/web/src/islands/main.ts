import '@/lib/zod-jitless-first';
import { CART_STORAGE_KEY, isLanguage } from '@cadran/domain/constants';
import { chosenLanguageAddress, saveLanguage } from '@/lib/language';
import type { IslandWake } from './registry';
import { SCRIPTED_ISLANDS } from './scripted';

/**
 * The script of a public page (docs/decisions/048-islands-on-public-pages.md): the page is the
 * server's HTML, and this small runtime only wakes its islands, each on its own, React and the
 * island's code loaded when the first one wakes. `idle` islands wake once the browser is idle
 * after the page has loaded, `visible` ones when they scroll into view or, at the latest, after
 * the idle ones; `interaction` ones only when the visitor reaches them (a click that came first
 * is played again once the island is React's), even when React is here for another island.
 * `script` islands run their own plain script at once, and React never comes for them
 * (docs/decisions/059-scripted-islands.md).
 * `<html data-islands="ready">` says every island that had to wake has hydrated.
 */

// A visitor who chose English and opens a French address goes to the English page.
const chosenAddress = chosenLanguageAddress(window.location);
if (chosenAddress) window.location.replace(chosenAddress);
else start();

function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 3_000 });
  else setTimeout(work, 200);
}

function afterLoad(work: () => void): void {
  if (document.readyState === 'complete') work();
  else window.addEventListener('load', work, { once: true });
}

/** Whether this browser's cart holds lines: only then has the header's badge a count to show. */
function storedCartHasLines(): boolean {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
    const items = (stored as { items?: unknown } | null)?.items;
    return Array.isArray(items) && items.length > 0;
  } catch {
    // Storage blocked or unreadable: the badge wakes with the visitor, and says so itself.
    return false;
  }
}

/** An island whose code failed to load tries again after 5, 15 and 45 seconds, then stays HTML. */
const ISLAND_LOAD_RETRIES = 3;
const ISLAND_RETRY_DELAY_MS = 5_000;

function wakeOf(element: HTMLElement): IslandWake | undefined {
  return element.dataset.islandWake as IslandWake | undefined;
}

function start() {
  // The language link is a plain link; following it also saves the choice (docs/product.md
  // 'Languages and texts'), also before any island has woken. The server draws a public page
  // once for every query string, so the link is drawn without the visitor's query: it is
  // carried to the twin page here, as the link is followed.
  document.addEventListener('click', (event) => {
    const link =
      event.target instanceof Element
        ? event.target.closest<HTMLAnchorElement>('a[data-language-choice]')
        : null;
    const choice = link?.dataset.languageChoice;
    if (!link || !isLanguage(choice)) return;
    saveLanguage(choice);
    if (link.search === '' && window.location.search !== '') link.search = window.location.search;
  });

  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const woken = new Map<HTMLElement, Promise<void>>();
  const failures = new Map<HTMLElement, number>();
  const wake = (element: HTMLElement): Promise<void> => {
    let hydrated = woken.get(element);
    if (!hydrated) {
      hydrated = import('./hydrate-island')
        .then(({ hydrateIsland }) => hydrateIsland(element))
        .catch(() => {
          // Its code could not be fetched (the site or the network is down for a moment): the
          // server's HTML stays as it is, and the island tries again a little later.
          woken.delete(element);
          const failed = (failures.get(element) ?? 0) + 1;
          failures.set(element, failed);
          if (failed <= ISLAND_LOAD_RETRIES) {
            setTimeout(() => void wake(element), ISLAND_RETRY_DELAY_MS * 3 ** (failed - 1));
          }
        });
      woken.set(element, hydrated);
    }
    return hydrated;
  };
  const wakeAll = (elements: HTMLElement[]) => Promise.all(elements.map(wake));

  const scripted = islands.filter((element) => wakeOf(element) === 'script');
  const scriptsRunning = Promise.allSettled(scripted.map(runScript));

  const idle = islands.filter((element) => {
    const when = wakeOf(element);
    return when === 'idle' || (when === 'stored-cart' && storedCartHasLines());
  });
  const later = islands.filter((element) => wakeOf(element) === 'visible');
  const waiting = islands.filter(
    (element) => !idle.includes(element) && !later.includes(element) && !scripted.includes(element),
  );

  for (const element of waiting) waitForTheVisitor(element, wake);
  // Another tab filled the cart: the badge has something to show.
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY || !storedCartHasLines()) return;
    void wakeAll(islands.filter((element) => wakeOf(element) === 'stored-cart'));
  });

  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              const island = entry.target.closest<HTMLElement>('[data-island]');
              if (island) void wake(island);
              observer?.unobserve(entry.target);
            }
          },
          { rootMargin: '200px' },
        )
      : null;
  // The wrapper has no box of its own (`display: contents`): watch what it holds.
  for (const element of later) {
    for (const child of element.children) observer?.observe(child);
  }

  const ready = () => {
    void scriptsRunning.then(() => {
      document.documentElement.dataset.islands = 'ready';
    });
  };
  afterLoad(() =>
    whenIdle(() => {
      void wakeAll(idle).then(() =>
        whenIdle(() => {
          void wakeAll(later).then(() => {
            observer?.disconnect();
            // The islands waiting for the visitor stay asleep even when React is here for
            // another one (the roadmap's board): their code, and what it brings (the cart's
            // store, the API's message catalogues), would load for a visitor who did nothing.
            ready();
          });
        }),
      );
    }),
  );
}

/** Runs a `script` island's own script over the server's HTML; marks it as a hydrated one. */
async function runScript(element: HTMLElement): Promise<void> {
  const load = SCRIPTED_ISLANDS[element.dataset.island ?? ''];
  if (!load) return;
  const run = await load();
  run(element);
  element.setAttribute('data-island-hydrated', 'true');
}

/**
 * What a click changes only once React owns it: held, then clicked again. Links are left be,
 * but for those marked `data-island-hold`, whose click does something before the next page
 * loads (the failure page's ways back put the last order's lines back in the cart).
 */
const HELD_CONTROLS =
  'button, input[type="submit"], label, input[type="radio"], input[type="checkbox"], a[data-island-hold]';

/**
 * An island that waits for the visitor wakes when a pointer comes over it, a finger touches it
 * or it takes focus. A button clicked or a form sent before React owns it is held and played
 * again once it does (a cycle chosen, a card's add button); its links are plain links and need
 * nothing (but for those marked to be held), and what was typed meanwhile is kept
 * (typed-values.ts).
 */
function waitForTheVisitor(element: HTMLElement, wake: (element: HTMLElement) => Promise<void>) {
  const events = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
  const reached = () => {
    for (const type of events) element.removeEventListener(type, reached);
    void wake(element);
  };
  for (const type of events) element.addEventListener(type, reached, { passive: true });

  const hydrated = () => element.hasAttribute('data-island-hydrated');
  // Held clicks and forms are played one after the other, each once React has drawn what the
  // previous one changed: played in the same turn, a click could land on a card that React was
  // about to replace (a cycle chosen swaps them), and React drops a click on a node it removes.
  let played = Promise.resolve();
  const playInTurn = (play: () => void) => {
    played = played
      .then(() => wake(element))
      .then(play)
      .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  };
  element.addEventListener(
    'click',
    (event) => {
      if (hydrated() || !(event.target instanceof Element)) return;
      const control = event.target.closest<HTMLElement>(HELD_CONTROLS);
      if (!control || !element.contains(control)) return;
      // A link opened in another tab or window is the browser's: played again, it would be
      // followed here.
      const elsewhere = event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
      if (control instanceof HTMLAnchorElement && elsewhere) return;
      event.preventDefault();
      event.stopPropagation();
      // A click played earlier may have redrawn the island (a cycle chosen swaps the cards):
      // the control is then found again at its place among the island's controls.
      const place = [...element.querySelectorAll(HELD_CONTROLS)].indexOf(control);
      playInTurn(() => {
        const now = control.isConnected
          ? control
          : element.querySelectorAll<HTMLElement>(HELD_CONTROLS)[place];
        now?.click();
      });
    },
    { capture: true },
  );
  element.addEventListener(
    'submit',
    (event) => {
      if (hydrated() || !(event.target instanceof HTMLFormElement)) return;
      const form = event.target;
      event.preventDefault();
      playInTurn(() => {
        if (form.isConnected) form.requestSubmit();
      });
    },
    { capture: true },
  );
}
