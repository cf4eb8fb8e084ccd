import { isLanguage } from '@cadran/domain/constants';
import { chosenLanguageAddress, saveLanguage } from '@/lib/language';

/**
 * The script of a public page (docs/decisions/048-islands-on-public-pages.md): the page is the
 * server's HTML, and this small runtime only wakes its islands, each on its own, React and the
 * island's code loaded when the first one wakes. `idle` islands wake once the browser is idle
 * after the page has loaded, `visible` ones when they scroll into view or, at the latest, after
 * the idle ones. `<html data-islands="ready">` says every island has hydrated.
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

function start() {
  // The language link is a plain link; following it also saves the choice (docs/product.md
  // 'Languages and texts'), also before any island has woken.
  document.addEventListener('click', (event) => {
    const link =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>('a[data-language-choice]')
        : null;
    const choice = link?.dataset.languageChoice;
    if (isLanguage(choice)) saveLanguage(choice);
  });

  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const woken = new Map<HTMLElement, Promise<void>>();
  const wake = (element: HTMLElement): Promise<void> => {
    let hydrated = woken.get(element);
    if (!hydrated) {
      hydrated = import('./hydrate-island').then(({ hydrateIsland }) => hydrateIsland(element));
      woken.set(element, hydrated);
    }
    return hydrated;
  };

  const idle = islands.filter((element) => element.dataset.islandWake !== 'visible');
  const later = islands.filter((element) => element.dataset.islandWake === 'visible');

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

  afterLoad(() =>
    whenIdle(() => {
      void Promise.all(idle.map(wake)).then(() =>
        whenIdle(() => {
          void Promise.all(later.map(wake)).then(() => {
            observer?.disconnect();
            document.documentElement.dataset.islands = 'ready';
          });
        }),
      );
    }),
  );
}
