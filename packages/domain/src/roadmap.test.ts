import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from './validation';
import { translateMessage } from './messages';
import {
  ROADMAP_STATUSES,
  RoadmapItemCreateSchema,
  RoadmapItemSchema,
  RoadmapItemUpdateSchema,
  RoadmapListSchema,
  RoadmapResponseSchema,
  groupRoadmap,
  isVotable,
  localizedRoadmapText,
  roadmapStatusLabelKey,
  type RoadmapItem,
} from './roadmap';

const item = (overrides: Partial<RoadmapItem> = {}): RoadmapItem => ({
  id: 1,
  title: 'Éditeur visuel',
  description: 'Un nouvel éditeur',
  category: 'Édition',
  status: 'planned',
  is_public: true,
  sort_order: 0,
  vote_count: 3,
  title_en: 'Visual editor',
  description_en: null,
  release: null,
  ...overrides,
});

describe('RoadmapItemSchema', () => {
  it('defaults a missing vote count to 0 and English texts to null', () => {
    const { vote_count: _votes, title_en: _t, description_en: _d, ...rest } = item();
    expect(RoadmapItemSchema.parse(rest)).toEqual({
      ...rest,
      vote_count: 0,
      title_en: null,
      description_en: null,
    });
    expect(RoadmapItemSchema.parse({ ...rest, vote_count: null }).vote_count).toBe(0);
  });

  it('validates the API answer', () => {
    const answered = { ...item(), voted: false };
    expect(RoadmapResponseSchema.parse({ success: true, data: [answered] }).data).toHaveLength(1);
    expect(
      RoadmapResponseSchema.safeParse({
        success: true,
        data: [{ ...answered, status: 'later' }],
      }).success,
    ).toBe(false);
    // The server always says whether the caller voted; the web app's reading tolerates its absence.
    expect(RoadmapResponseSchema.safeParse({ success: true, data: [item()] }).success).toBe(false);
    expect(RoadmapListSchema.parse({ success: true, data: [item()] }).data[0]?.voted).toBe(false);
  });

  it('labels the three columns as docs/product.md says', () => {
    expect(ROADMAP_STATUSES.map((s) => translateMessage(roadmapStatusLabelKey(s), 'fr'))).toEqual([
      'Prévu',
      'En cours',
      'Fait',
    ]);
  });
});

describe('isVotable', () => {
  it('opens votes on planned and in-progress items and closes them on done ones', () => {
    expect(ROADMAP_STATUSES.filter(isVotable)).toEqual(['planned', 'in_progress']);
    expect(isVotable('done')).toBe(false);
  });

  it('explains a closed vote in both languages', () => {
    expect(translateMessage('roadmap.vote.closed', 'fr')).toBe(
      'Les votes sont clos pour cette évolution\u00a0: elle est déjà livrée.',
    );
    expect(translateMessage('roadmap.vote.closed', 'en')).toBe(
      'Voting is closed for this item: it has already shipped.',
    );
  });
});

describe('localizedRoadmapText', () => {
  it('uses English when present and falls back to French', () => {
    expect(localizedRoadmapText(item(), 'en')).toEqual({
      title: 'Visual editor',
      description: 'Un nouvel éditeur',
    });
    expect(localizedRoadmapText(item({ title_en: '  ' }), 'en').title).toBe('Éditeur visuel');
    expect(localizedRoadmapText(item(), 'fr')).toEqual({
      title: 'Éditeur visuel',
      description: 'Un nouvel éditeur',
    });
    expect(localizedRoadmapText({ title: 'A', description: null }, 'en')).toEqual({
      title: 'A',
      description: null,
    });
  });
});

describe('groupRoadmap', () => {
  it('keeps public items, one column per status, sorted by sort_order', () => {
    const columns = groupRoadmap([
      item({ id: 1, status: 'done', sort_order: 2 }),
      item({ id: 2, status: 'done', sort_order: 1 }),
      item({ id: 3, status: 'in_progress', is_public: false }),
      item({ id: 4, status: 'planned', sort_order: 5 }),
      { ...item({ id: 5, status: 'planned', sort_order: 5 }), vote_count: undefined },
    ]);
    expect(columns.done.map((i) => i.id)).toEqual([2, 1]);
    expect(columns.in_progress).toEqual([]);
    expect(columns.planned.map((i) => i.id)).toEqual([4, 5]);
    expect(columns.planned[1]?.vote_count).toBe(0);
  });

  it('never loses or invents a public item', () => {
    const arb = fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 1000 }),
        status: fc.constantFrom(...ROADMAP_STATUSES),
        is_public: fc.boolean(),
        sort_order: fc.integer({ min: -10, max: 10 }),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (records) => {
        const columns = groupRoadmap(records.map((r) => item(r)));
        const total = ROADMAP_STATUSES.reduce((n, s) => n + columns[s].length, 0);
        expect(total).toBe(records.filter((r) => r.is_public).length);
        for (const status of ROADMAP_STATUSES) {
          const orders = columns[status].map((i) => i.sort_order);
          expect(orders).toEqual([...orders].sort((a, b) => a - b));
          expect(columns[status].every((i) => i.status === status && i.is_public)).toBe(true);
        }
      }),
    );
  });
});

describe('admin schemas', () => {
  it('creates with defaults and trims', () => {
    expect(RoadmapItemCreateSchema.parse({ title: '  Export PDF ', description: '' })).toEqual({
      title: 'Export PDF',
      description: null,
      category: null,
      status: 'planned',
      is_public: false,
      sort_order: 0,
      title_en: null,
      description_en: null,
    });
  });

  it('requires a title', () => {
    expect(fieldErrorsFromZod(RoadmapItemCreateSchema.safeParse({ title: ' ' }).error!)).toEqual({
      title: ['roadmap.title.required'],
    });
    expect(
      fieldErrorsFromZod(RoadmapItemCreateSchema.safeParse({ title: 'x'.repeat(201) }).error!),
    ).toEqual({
      title: ['roadmap.title.too_long'],
    });
  });

  it('updates only the given fields and refuses an empty patch', () => {
    expect(RoadmapItemUpdateSchema.parse({ status: 'done' })).toEqual({ status: 'done' });
    expect(RoadmapItemUpdateSchema.parse({ description: '' })).toEqual({ description: null });
    expect(fieldErrorsFromZod(RoadmapItemUpdateSchema.safeParse({}).error!)).toEqual({
      _: ['roadmap.update.empty'],
    });
    expect(RoadmapItemUpdateSchema.safeParse({ status: 'someday' }).success).toBe(false);
  });
});

describe('groupRoadmap keeps extra fields', () => {
  it('carries the voted flag of the public list through', () => {
    const columns = groupRoadmap([{ ...item({ id: 9 }), voted: true }]);
    expect(columns.planned[0]?.voted).toBe(true);
  });
});
