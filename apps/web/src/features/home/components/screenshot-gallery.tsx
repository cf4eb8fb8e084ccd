import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTexts } from '@/islands/texts';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { cn } from '@/lib/cn';
import { SCREEN_HEIGHT, SCREEN_KEYS, SCREEN_WIDTH, screenSource, wrapIndex } from '../screens';
import { ChevronLeftIcon, ChevronRightIcon, ExpandIcon } from './icons';
import { ScreenLightbox } from './screen-lightbox';

const arrowButton =
  'absolute top-1/2 grid size-9 -translate-y-1/2 sm:size-11 place-items-center rounded-full bg-white/95 text-slate-800 shadow-lg ring-1 ring-slate-200 hover:bg-white hover:text-brand-700';

/**
 * Screenshot gallery with thumbnails, previous/next and a lightbox (docs/product.md 'Home'). Arrow
 * keys move between thumbnails; the large screen opens the lightbox.
 */
export function ScreenshotGallery() {
  const { t, language } = useTexts('home');
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const descriptionId = useId();
  const key = SCREEN_KEYS[index] ?? 'dashboard';
  const name = t(`screens.${key}.name`);

  const onThumbKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const delta =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (delta === 0) return;
    event.preventDefault();
    const next = wrapIndex(index, delta);
    setIndex(next);
    thumbs.current[next]?.focus();
  };

  return (
    <section
      aria-labelledby="home-gallery"
      className="border-y border-slate-200 bg-slate-50 py-16 sm:py-24"
    >
      <Container>
        <SectionHeading
          id="home-gallery"
          eyebrow={t('gallery.eyebrow')}
          title={t('gallery.title')}
          description={t('gallery.description')}
          align="center"
        />
        <div className="mx-auto mt-10 max-w-5xl">
          <figure className="min-w-0">
            <div className="relative">
              <button
                type="button"
                onClick={() => setOpen(true)}
                aria-label={t('gallery.enlarge', { name })}
                aria-describedby={descriptionId}
                className="group block w-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card"
              >
                <img
                  src={screenSource(key, language)}
                  width={SCREEN_WIDTH}
                  height={SCREEN_HEIGHT}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="block h-auto w-full"
                />
                <span className="absolute right-3 bottom-3 hidden items-center sm:inline-flex gap-2 rounded-lg bg-brand-950/85 px-3 py-2 text-sm font-semibold text-white group-hover:bg-brand-900">
                  <ExpandIcon className="size-4" />
                  {name}
                </span>
              </button>
              <button
                type="button"
                onClick={() => setIndex(wrapIndex(index, -1))}
                aria-label={t('gallery.previous')}
                className={cn(arrowButton, 'left-3')}
              >
                <ChevronLeftIcon />
              </button>
              <button
                type="button"
                onClick={() => setIndex(wrapIndex(index, 1))}
                aria-label={t('gallery.next')}
                className={cn(arrowButton, 'right-3')}
              >
                <ChevronRightIcon />
              </button>
            </div>
            <p id={descriptionId} className="sr-only">
              {t(`screens.${key}.alt`)}
            </p>
            <figcaption className="mt-4 text-sm leading-6 text-slate-700" aria-live="polite">
              <strong className="font-semibold text-slate-900">{name}</strong> ·{' '}
              {t(`screens.${key}.caption`)}
            </figcaption>
          </figure>

          <ul
            aria-label={t('gallery.thumbnailsLabel')}
            className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4"
          >
            {SCREEN_KEYS.map((thumb, i) => (
              <li key={thumb}>
                <button
                  ref={(node) => {
                    thumbs.current[i] = node;
                  }}
                  type="button"
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                  onKeyDown={onThumbKey}
                  className={cn(
                    'w-full overflow-hidden rounded-xl border-2 bg-white text-left transition-colors',
                    i === index
                      ? 'border-brand-600 shadow-card'
                      : 'border-transparent ring-1 ring-slate-200 hover:border-brand-300',
                  )}
                >
                  <img
                    src={screenSource(thumb, language)}
                    width={SCREEN_WIDTH}
                    height={SCREEN_HEIGHT}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="block h-auto w-full"
                  />
                  <span
                    className={cn(
                      'block px-3 py-2 text-sm font-semibold',
                      i === index ? 'text-brand-800' : 'text-slate-700',
                    )}
                  >
                    {t(`screens.${thumb}.name`)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </Container>
      <ScreenLightbox
        open={open}
        index={index}
        onIndexChange={setIndex}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}
