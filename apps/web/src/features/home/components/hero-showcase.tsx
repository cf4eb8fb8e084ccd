import { useEffect, useId, useRef } from 'react';
import { useTexts } from '@/islands/texts';
import { cn } from '@/lib/cn';
import { SCREEN_HEIGHT, SCREEN_KEYS, SCREEN_WIDTH, screenSource } from '../screens';
import { PauseIcon, PlayIcon } from './icons';
import { SCREEN_LOOK, startShowcase, TAB_LOOK } from './showcase-controller';

/**
 * The hero's rotating showcase (docs/product.md 'Home'): the markup, drawn with the first
 * screen showing; what moves it is showcase-controller.ts, a plain script, so the public home
 * page runs it without React (docs/decisions/059-scripted-islands.md). Inside an application
 * the component starts it itself. Every text a screen needs is drawn with it (names on the
 * tabs, descriptions and captions in data attributes).
 */
export function HeroShowcase() {
  const { t, language } = useTexts('home');
  const root = useRef<HTMLElement>(null);
  useEffect(() => (root.current ? startShowcase(root.current) : undefined), []);
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const index = 0;
  const current = SCREEN_KEYS[index];
  return (
    <section
      ref={root}
      data-showcase=""
      aria-roledescription={t('showcase.roleDescription')}
      aria-label={t('showcase.label')}
      className="relative"
    >
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-brand-900/15">
        <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-emerald-400" />
          <span className="ml-3 truncate text-xs font-medium text-slate-600">
            app.cadran.fr · <span data-showcase-name="">{t(`screens.${current}.name`)}</span>
          </span>
        </div>
        <div
          id={panelId}
          role="tabpanel"
          aria-labelledby={tabId(index)}
          aria-live="off"
          className="relative"
        >
          {SCREEN_KEYS.map((key, i) => (
            <img
              key={key}
              src={screenSource(key, language)}
              width={SCREEN_WIDTH}
              height={SCREEN_HEIGHT}
              alt={i === index ? t(`screens.${key}.alt`) : ''}
              data-screen-alt={t(`screens.${key}.alt`)}
              aria-hidden={i === index ? undefined : true}
              decoding="async"
              fetchPriority={i === 0 ? 'high' : 'low'}
              className={cn(
                'block h-auto w-full transition-opacity duration-700 ease-out',
                i === 0 ? 'relative' : 'absolute inset-0',
                i === index ? SCREEN_LOOK.on : SCREEN_LOOK.off,
              )}
            />
          ))}
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label={t('showcase.tabsLabel')}
          className="flex flex-wrap gap-1.5 rounded-xl bg-white/80 p-1 ring-1 ring-slate-200"
        >
          {SCREEN_KEYS.map((key, i) => (
            <button
              key={key}
              id={tabId(i)}
              type="button"
              role="tab"
              aria-selected={i === index}
              aria-controls={panelId}
              tabIndex={i === index ? 0 : -1}
              data-screen-caption={t(`screens.${key}.caption`)}
              className={cn(
                'min-h-9 rounded-lg px-3 text-sm font-semibold transition-colors',
                i === index ? TAB_LOOK.on : TAB_LOOK.off,
              )}
            >
              {t(`screens.${key}.name`)}
            </button>
          ))}
        </div>
        <button
          type="button"
          data-showcase-toggle=""
          className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
        >
          <span data-showcase-label="pause" className="inline-flex items-center gap-2">
            <PauseIcon />
            {t('showcase.pause')}
          </span>
          <span data-showcase-label="play" className="inline-flex items-center gap-2" hidden>
            <PlayIcon />
            {t('showcase.play')}
          </span>
        </button>
      </div>
      <p data-showcase-caption="" className="mt-3 text-sm text-slate-600">
        {t(`screens.${current}.caption`)}
      </p>
    </section>
  );
}
