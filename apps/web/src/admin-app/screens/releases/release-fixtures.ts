import type { StaffRelease } from '@cadran/domain/release-api';
import { json, requestBody, requestUrl } from '@/test/fetch';

/**
 * The staff API of releases as the screen tests' server keeps it: a list, one release that
 * publishing and withdrawing move on, and the roadmap items a release may ship.
 */

export const RELEASE_ID = '5f0c1e2a-7b3d-4c8e-9a10-2b3c4d5e6f70';

export const roadmapItem = (id: number, title: string, title_en: string | null) => ({
  id,
  title,
  description: null,
  category: null,
  status: 'in_progress',
  is_public: true,
  sort_order: id,
  vote_count: 3,
  title_en,
  description_en: null,
  release: null,
});

export const ROADMAP = [
  roadmapItem(11, 'Recherche multilingue', 'Multilingual search'),
  roadmapItem(12, 'Thèmes sombres', null),
];

export const artifact = (file: string, downloads: number) => ({
  id: `art-${file}`,
  file,
  size: 4096,
  sha256: 'ef'.repeat(32),
  signature: 'header.payload.sig',
  downloads,
});

export const staffRelease = (overrides: Partial<StaffRelease> = {}): StaffRelease => ({
  id: RELEASE_ID,
  version: '2.5.0',
  channel: 'stable',
  state: 'draft',
  notes_fr: '## Nouveautés',
  notes_en: '## What’s new',
  published_at: null,
  withdrawn_at: null,
  created_at: '2026-11-25T09:00:00.000Z',
  roadmap_items: [
    {
      id: 11,
      title: 'Recherche multilingue',
      title_en: 'Multilingual search',
      status: 'in_progress',
    },
  ],
  artifacts: [],
  downloads: 0,
  ...overrides,
});

export interface StaffApiState {
  release: StaffRelease;
  list: StaffRelease[];
  /** An answer to give the next POST or PATCH instead of doing it. */
  refuse?: { status: number; body: Record<string, unknown> } | undefined;
}

/** Answers the fetch stand-in's calls from `state`, moving the release as staff move it. */
export function staffReleasesServer(state: StaffApiState) {
  return (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET' && state.refuse) {
      const { status, body } = state.refuse;
      state.refuse = undefined;
      return Promise.resolve(json(status, { success: false, ...body }));
    }
    if (url.endsWith('/admin/roadmap')) {
      return Promise.resolve(json(200, { success: true, data: ROADMAP }));
    }
    if (url.endsWith('/admin/releases') && method === 'GET') {
      return Promise.resolve(json(200, { success: true, releases: state.list }));
    }
    if (url.endsWith('/admin/releases') && method === 'POST') {
      const body = JSON.parse(requestBody(init)) as Partial<StaffRelease>;
      state.release = staffRelease({ ...body, roadmap_items: [] });
      return Promise.resolve(json(201, { success: true, release: state.release }));
    }
    if (url.endsWith(`/releases/${RELEASE_ID}/publish`)) {
      state.release = {
        ...state.release,
        state: 'published',
        published_at: '2026-11-27T10:00:00.000Z',
      };
    } else if (url.endsWith(`/releases/${RELEASE_ID}/withdraw`)) {
      state.release = {
        ...state.release,
        state: 'withdrawn',
        withdrawn_at: '2026-11-27T11:00:00.000Z',
      };
    } else if (!url.endsWith(`/releases/${RELEASE_ID}`)) {
      return Promise.resolve(json(404, { success: false, message: 'Ressource introuvable' }));
    }
    return Promise.resolve(json(200, { success: true, release: state.release }));
  };
}
