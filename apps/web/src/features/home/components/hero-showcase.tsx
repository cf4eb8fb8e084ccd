import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTexts } from '@/islands/texts';
import { HERO_ROTATION_MS } from '@cadran/domain/constants';
import { cn } from '@/lib/cn';
import { useAutoRotation } from '../hooks/use-auto-rotation';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { SCREEN_HEIGHT, SCREEN_KEYS, SCREEN_WIDTH, screenSource, wrapIndex } from '../screens';
import { PauseIcon, PlayIcon } from './icons';

/**
 * The hero's rotating showcase (docs/product.md 'Home'), turning every 5 seconds, built as the
 * WAI-ARIA carousel with tabs: it stops while hovered or focused,
 * does not start on its own for visitors who prefer reduced motion, and has a pause button
 * (WCAG 2.2.2). While it turns by itself the panel is not announced; once stopped, changes
 * are read out politely.
 */
export function HeroShowcase() {
  const { t, language } = useTexts('home');
  const reducedMotion = useReducedMotion();
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = playChoice ?? !reducedMotion;
  const running = playing && !hovered && !focused;
  const [index, setIndex] = useAutoRotation(SCREEN_KEYS.length, HERO_ROTATION_MS, running);
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const panelId = `${baseId}-panel`;
  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const current = SCREEN_KEYS[index] ?? 'dashboard';

  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const handleTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = SCREEN_KEYS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? wrapIndex(index, 1)
        : event.key === 'ArrowLeft'
          ? wrapIndex(index, -1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    setIndex(target);
    tabRefs.current[target]?.focus();
  };

  return (
    <section
      aria-roledescription={t('showcase.roleDescription')}
      aria-label={t('showcase.label')}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={handleBlur}
    >
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-brand-900/15">
        <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-emerald-400" />
          <span className="ml-3 truncate text-xs font-medium text-slate-600">
            app.cadran.fr · {t(`screens.${current}.name`)}
          </span>
        </div>
        <div
          id={panelId}
          role="tabpanel"
          aria-labelledby={tabId(index)}
          aria-live={running ? 'off' : 'polite'}
          className="relative"
        >
          {SCREEN_KEYS.map((key, i) => (
            <img
              key={key}
              src={screenSource(key, language)}
              width={SCREEN_WIDTH}
              height={SCREEN_HEIGHT}
              alt={i === index ? t(`screens.${key}.alt`) : ''}
              aria-hidden={i === index ? undefined : true}
              decoding="async"
              fetchPriority={i === 0 ? 'high' : 'low'}
              className={cn(
                'block h-auto w-full transition-opacity duration-700 ease-out',
                i === 0 ? 'relative' : 'absolute inset-0',
                i === index ? 'opacity-100' : 'opacity-0',
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
              ref={(node) => {
                tabRefs.current[i] = node;
              }}
              id={tabId(i)}
              type="button"
              role="tab"
              aria-selected={i === index}
              aria-controls={panelId}
              tabIndex={i === index ? 0 : -1}
              onClick={() => setIndex(i)}
              onKeyDown={handleTabKey}
              className={cn(
                'min-h-9 rounded-lg px-3 text-sm font-semibold transition-colors',
                i === index
                  ? 'bg-brand-600 text-white shadow-sm'
                  : 'text-slate-700 hover:bg-brand-50 hover:text-brand-800',
              )}
            >
              {t(`screens.${key}.name`)}
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => setPlayChoice(!playing)}
          className="inline-flex min-h-9 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
          {playing ? t('showcase.pause') : t('showcase.play')}
        </button>
      </div>
      <p className="mt-3 text-sm text-slate-600">{t(`screens.${current}.caption`)}</p>
    </section>
  );
}
