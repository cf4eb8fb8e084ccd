import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { signInAs } from '../../test-staff';
import { moveWithin } from './reorder';
import { RoadmapScreen } from './roadmap-screen';

const item = (id: number, title: string, sort_order: number) => ({
  id,
  title,
  description: null,
  category: null,
  status: 'planned',
  is_public: true,
  sort_order,
  vote_count: 0,
  title_en: null,
  description_en: null,
  release: null,
});
const ITEMS = [item(1, 'Export CSV', 0), item(2, 'Thèmes sombres', 1), item(3, 'API publique', 2)];

const fetchMock = mockFetch();

/** The staff API's roadmap as this test's server keeps it: a reorder is remembered. */
function answerRoadmap() {
  let items = ITEMS.map((entry) => ({ ...entry }));
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url.endsWith('/roadmap/reorder')) {
      const { ids } = JSON.parse(requestBody(init)) as { ids: number[] };
      items = items.map((entry) => ({ ...entry, sort_order: ids.indexOf(entry.id) }));
      return Promise.resolve(json(200, { success: true }));
    }
    if (url.endsWith('/roadmap') && (init?.method ?? 'GET') === 'GET') {
      return Promise.resolve(json(200, { success: true, data: items }));
    }
    return Promise.resolve(json(404, { success: false, message: 'Ressource introuvable' }));
  });
}

const reorderCalls = () =>
  fetchMock.mock.calls.filter(([input]) => requestUrl(input).endsWith('/roadmap/reorder'));

describe('moving an item within its column', () => {
  it('gives the column’s ids in their new order', () => {
    expect(moveWithin([1, 2, 3], 1, 2)).toEqual([2, 3, 1]);
    expect(moveWithin([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
    expect(moveWithin([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moveWithin([1, 2, 3], 9, 0)).toEqual([1, 2, 3]);
  });
});

describe('the roadmap screen', () => {
  it('reorders from the keyboard and saves the column’s full order', async () => {
    await signInAs('admin');
    answerRoadmap();
    const user = userEvent.setup();
    renderRoutes([{ path: '/roadmap', Component: RoadmapScreen }], '/roadmap');
    const planned = await screen.findByRole('region', { name: 'Prévu' });
    const down = await within(planned).findByRole('button', {
      name: `Descendre «\u00a0Export CSV\u00a0»`,
    });
    // The first item cannot go higher.
    expect(
      within(planned).getByRole('button', { name: `Monter «\u00a0Export CSV\u00a0»` }),
    ).toBeDisabled();

    down.focus();
    await user.keyboard('{Enter}');
    expect(reorderCalls()).toHaveLength(1);
    expect(JSON.parse(requestBody(reorderCalls()[0]?.[1]))).toEqual({ ids: [2, 1, 3] });
    // Shown in its new place at once.
    const titles = within(planned)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Thèmes sombres', 'Export CSV', 'API publique']);

    // The drag handle is a button the keyboard reaches, with instructions for screen readers.
    const handle = within(planned).getByRole('button', {
      name: `Déplacer «\u00a0Export CSV\u00a0»`,
    });
    expect(handle).toHaveAttribute('aria-describedby');
  });

  it('shows support staff the roadmap without any of the administrators’ actions', async () => {
    await signInAs('support');
    answerRoadmap();
    renderRoutes([{ path: '/roadmap', Component: RoadmapScreen }], '/roadmap');
    const planned = await screen.findByRole('region', { name: 'Prévu' });
    expect(within(planned).getByRole('heading', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Nouvel élément' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Déplacer|Monter|Descendre/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
  });
});
