import { HERO_ROTATION_MS } from '@cadran/domain/constants';
import { wrapIndex } from '../screens';

/**
 * What makes the hero's showcase move (docs/product.md 'Home'), over the markup HeroShowcase
 * draws: a plain script, so that the home page, whose carousel moves on its own as soon as it
 * shows, needs no React in the browser (docs/decisions/059-scripted-islands.md). The component
 * runs it from an effect inside the applications, and the islands' runtime on the public page.
 *
 * The WAI-ARIA carousel with tabs: it turns every 5 seconds, stops while hovered or focused,
 * does not start on its own for visitors who prefer reduced motion, and has a pause button
 * (WCAG 2.2.2). While it turns by itself the panel is not announced; once stopped, changes are
 * read out politely. A screen chosen by hand stays a full period before the next one.
 */

/** The classes of a tab and of a screen that say which one shows, drawn and then switched. */
export const TAB_LOOK = {
  on: 'bg-brand-600 text-white shadow-sm',
  off: 'text-slate-700 hover:bg-brand-50 hover:text-brand-800',
} as const;
export const SCREEN_LOOK = { on: 'opacity-100', off: 'opacity-0' } as const;

/** The data attributes HeroShowcase draws and this script reads. */
const SHOWCASE = {
  root: 'data-showcase',
  alt: 'data-screen-alt',
  caption: 'data-screen-caption',
  name: 'data-showcase-name',
  captionText: 'data-showcase-caption',
  toggle: 'data-showcase-toggle',
  label: 'data-showcase-label',
} as const;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function look(element: Element, on: boolean, classes: { on: string; off: string }) {
  element.classList.remove(...(on ? classes.off : classes.on).split(' '));
  element.classList.add(...(on ? classes.on : classes.off).split(' '));
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => wrapIndex(index, 1, count),
  ArrowLeft: (index, count) => wrapIndex(index, -1, count),
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Starts the showcase found in `container` (or being it); returns the way to stop it. */
export function startShowcase(container: HTMLElement, intervalMs = HERO_ROTATION_MS): () => void {
  const section =
    container.closest(`[${SHOWCASE.root}]`) ?? container.querySelector(`[${SHOWCASE.root}]`);
  if (!(section instanceof HTMLElement)) return () => {};
  const tabs = [...section.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const screens = [...section.querySelectorAll<HTMLImageElement>(`img[${SHOWCASE.alt}]`)];
  const panel = section.querySelector('[role="tabpanel"]');
  const name = section.querySelector(`[${SHOWCASE.name}]`);
  const caption = section.querySelector(`[${SHOWCASE.captionText}]`);
  const toggle = section.querySelector<HTMLButtonElement>(`button[${SHOWCASE.toggle}]`);
  const pauseLabel = section.querySelector<HTMLElement>(`[${SHOWCASE.label}="pause"]`);
  const playLabel = section.querySelector<HTMLElement>(`[${SHOWCASE.label}="play"]`);
  const motion = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;

  let index = Math.max(
    0,
    tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true'),
  );
  /** The visitor's choice with the pause button; until then, the system's motion setting. */
  let playChoice: boolean | null = null;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const playing = () => playChoice ?? !(motion?.matches ?? false);
  const running = () => playing() && !hovered && !focused;

  const show = () => {
    tabs.forEach((tab, i) => {
      const on = i === index;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      look(tab, on, TAB_LOOK);
    });
    screens.forEach((screen, i) => {
      const on = i === index;
      screen.alt = on ? (screen.getAttribute(SHOWCASE.alt) ?? '') : '';
      if (on) screen.removeAttribute('aria-hidden');
      else screen.setAttribute('aria-hidden', 'true');
      look(screen, on, SCREEN_LOOK);
    });
    const tab = tabs[index];
    if (tab) {
      panel?.setAttribute('aria-labelledby', tab.id);
      if (name) name.textContent = tab.textContent;
      if (caption) caption.textContent = tab.getAttribute(SHOWCASE.caption) ?? '';
    }
    panel?.setAttribute('aria-live', running() ? 'off' : 'polite');
    if (pauseLabel) pauseLabel.hidden = !playing();
    if (playLabel) playLabel.hidden = playing();
  };

  /** Shows the state, and arms the next turn afresh: a full period after each change. */
  const update = () => {
    show();
    clearTimeout(timer);
    timer = undefined;
    if (running() && tabs.length > 1) {
      timer = setTimeout(() => {
        index = wrapIndex(index, 1, tabs.length);
        update();
      }, intervalMs);
    }
  };

  const stop = new AbortController();
  const listen = { signal: stop.signal };
  section.addEventListener(
    'mouseenter',
    () => {
      hovered = true;
      update();
    },
    listen,
  );
  section.addEventListener(
    'mouseleave',
    () => {
      hovered = false;
      update();
    },
    listen,
  );
  section.addEventListener(
    'focusin',
    () => {
      if (focused) return;
      focused = true;
      update();
    },
    listen,
  );
  section.addEventListener(
    'focusout',
    (event) => {
      const next = event.relatedTarget;
      if (next instanceof Node && section.contains(next)) return;
      focused = false;
      update();
    },
    listen,
  );
  tabs.forEach((tab, i) => {
    tab.addEventListener(
      'click',
      () => {
        index = i;
        update();
      },
      listen,
    );
    tab.addEventListener(
      'keydown',
      (event) => {
        const step = KEY_STEPS[event.key];
        if (!step) return;
        event.preventDefault();
        index = step(index, tabs.length);
        update();
        tabs[index]?.focus();
      },
      listen,
    );
  });
  toggle?.addEventListener(
    'click',
    () => {
      playChoice = !playing();
      update();
    },
    listen,
  );
  motion?.addEventListener('change', update, listen);

  update();
  return () => {
    stop.abort();
    clearTimeout(timer);
  };
}
