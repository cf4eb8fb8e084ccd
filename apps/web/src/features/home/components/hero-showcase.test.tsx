import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HERO_ROTATION_MS } from '@cadran/domain/constants';
import { loadNamespaces } from '@/lib/i18n';
import { HeroShowcase } from './hero-showcase';
import { AppProviders } from '@/test/render';

beforeAll(async () => {
  await loadNamespaces(['home']);
});

afterEach(() => {
  vi.useRealTimers();
});

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderShowcase() {
  vi.useFakeTimers();
  render(
    <AppProviders>
      <HeroShowcase />
    </AppProviders>,
  );
  const selected = () => screen.getByRole('tab', { selected: true });
  // One period at a time: each screen change re-arms the timer after React renders it.
  const tick = (ms: number) => {
    for (let left = ms; left > 0; left -= HERO_ROTATION_MS) {
      act(() => {
        vi.advanceTimersByTime(Math.min(left, HERO_ROTATION_MS));
      });
    }
  };
  return {
    selected,
    tick,
    region: screen.getByRole('region', { name: 'Aperçu de l’interface de Cadran CMS' }),
  };
}

describe('hero showcase', () => {
  it('moves to the next screen every 5 seconds and wraps around', () => {
    stubReducedMotion(false);
    const { selected, tick } = renderShowcase();
    expect(selected()).toHaveTextContent('Tableau de bord');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-live', 'off');
    tick(HERO_ROTATION_MS - 1);
    expect(selected()).toHaveTextContent('Tableau de bord');
    tick(1);
    expect(selected()).toHaveTextContent('Clients');
    tick(HERO_ROTATION_MS * 3);
    expect(selected()).toHaveTextContent('Tableau de bord');
    expect(screen.getByRole('img')).toHaveAccessibleName(/^Tableau de bord de Cadran CMS/);
  });

  it('pauses while hovered or focused, and resumes afterwards', () => {
    stubReducedMotion(false);
    const { selected, tick, region } = renderShowcase();
    fireEvent.mouseEnter(region);
    tick(HERO_ROTATION_MS * 3);
    expect(selected()).toHaveTextContent('Tableau de bord');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-live', 'polite');
    fireEvent.mouseLeave(region);
    fireEvent.focus(selected());
    tick(HERO_ROTATION_MS * 3);
    expect(selected()).toHaveTextContent('Tableau de bord');
    fireEvent.blur(selected(), { relatedTarget: document.body });
    tick(HERO_ROTATION_MS);
    expect(selected()).toHaveTextContent('Clients');
  });

  it('does not move by itself for visitors who prefer reduced motion, until asked', () => {
    stubReducedMotion(true);
    const { selected, tick } = renderShowcase();
    tick(HERO_ROTATION_MS * 3);
    expect(selected()).toHaveTextContent('Tableau de bord');
    fireEvent.click(screen.getByRole('button', { name: 'Reprendre' }));
    expect(screen.getByRole('button', { name: 'Mettre en pause' })).toBeInTheDocument();
  });

  it('moves between screens with the arrow keys, as a tab list', () => {
    stubReducedMotion(false);
    const { selected } = renderShowcase();
    fireEvent.keyDown(selected(), { key: 'ArrowLeft' });
    expect(selected()).toHaveTextContent('Facturation');
    expect(selected()).toHaveFocus();
    fireEvent.keyDown(selected(), { key: 'Home' });
    expect(selected()).toHaveTextContent('Tableau de bord');
  });
});
