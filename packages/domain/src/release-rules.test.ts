import { describe, expect, it } from 'vitest';
import type { LicenseStatus } from './licenses';
import {
  chooseUpdate,
  compareVersions,
  isArtifactFileName,
  isReleaseVersion,
  newestFirst,
  publishRefusal,
  releaseAccess,
  withdrawRefusal,
  type LicenceForReleases,
  type ReleaseAccess,
  type ReleaseChannel,
} from './release-rules';

const RIGHTS_END = new Date('2026-06-30T00:00:00Z');
const BEFORE = new Date('2026-03-01T00:00:00Z');
const AFTER = new Date('2026-09-01T00:00:00Z');

const licence = (overrides: Partial<LicenceForReleases> = {}): LicenceForReleases => ({
  status: 'active',
  updatesUntil: RIGHTS_END,
  updatePermissions: true,
  renewable: true,
  betaOptIn: false,
  ...overrides,
});

const published = (publishedAt: Date, channel: ReleaseChannel = 'stable') => ({
  channel,
  state: 'published' as const,
  publishedAt,
});

describe('release entitlement matrix', () => {
  // status × published before/after the update rights × channel × beta opt-in
  const rows: Array<[LicenseStatus, 'before' | 'after', ReleaseChannel, boolean, ReleaseAccess]> = [
    ['active', 'before', 'stable', false, 'included'],
    ['active', 'after', 'stable', false, 'after_renewal'],
    ['active', 'before', 'beta', false, 'not_covered'],
    ['active', 'before', 'beta', true, 'included'],
    ['active', 'after', 'beta', true, 'after_renewal'],
    ['grace', 'before', 'stable', false, 'included'],
    ['grace', 'after', 'stable', false, 'after_renewal'],
    ['grace', 'before', 'beta', true, 'included'],
    ['expired', 'before', 'stable', false, 'after_renewal'],
    ['expired', 'after', 'stable', false, 'after_renewal'],
    ['expired', 'before', 'beta', false, 'not_covered'],
    ['suspended', 'before', 'stable', false, 'not_covered'],
    ['suspended', 'after', 'stable', false, 'not_covered'],
    ['suspended', 'before', 'beta', true, 'not_covered'],
    ['revoked', 'before', 'stable', false, 'not_covered'],
    ['revoked', 'after', 'stable', true, 'not_covered'],
  ];
  it.each(rows)(
    '%s licence, release %s its rights, %s channel, opted in %s: %s',
    (status, when, channel, betaOptIn, expected) => {
      const release = published(when === 'before' ? BEFORE : AFTER, channel);
      expect(releaseAccess(licence({ status, betaOptIn }), release)).toBe(expected);
    },
  );

  it('covers a release published on the very day the rights end', () => {
    expect(releaseAccess(licence(), published(RIGHTS_END))).toBe('included');
    expect(releaseAccess(licence(), published(new Date(RIGHTS_END.getTime() + 1)))).toBe(
      'after_renewal',
    );
  });

  it('gives every release to a licence whose rights never end', () => {
    expect(releaseAccess(licence({ updatesUntil: null }), published(AFTER))).toBe('included');
  });

  it('offers no renewal where a renewal would not move the rights', () => {
    // A plan without updates: its rights end at its start, whatever the renewals.
    expect(releaseAccess(licence({ updatePermissions: false }), published(AFTER))).toBe(
      'not_covered',
    );
    expect(releaseAccess(licence({ renewable: false }), published(AFTER))).toBe('not_covered');
  });

  it('offers nothing of a draft or a withdrawn release', () => {
    expect(releaseAccess(licence(), { channel: 'stable', state: 'draft', publishedAt: null })).toBe(
      'not_covered',
    );
    expect(releaseAccess(licence(), { ...published(BEFORE), state: 'withdrawn' })).toBe(
      'not_covered',
    );
  });
});

describe('update choice', () => {
  const releases = [
    { version: '1.0.0', ...published(new Date('2026-01-01T00:00:00Z')) },
    { version: '1.1.0', ...published(BEFORE) },
    { version: '1.2.0-beta.1', ...published(new Date('2026-04-01T00:00:00Z'), 'beta') },
    { version: '2.0.0', ...published(AFTER) },
  ];

  it('answers the newest included release and the newest one a renewal unlocks', () => {
    const choice = chooseUpdate(licence(), releases, '1.0.0', 'stable');
    expect(choice.update?.version).toBe('1.1.0');
    expect(choice.newerNotEntitled?.version).toBe('2.0.0');
  });

  it('answers nothing newer for an installation already up to date', () => {
    const choice = chooseUpdate(licence({ updatesUntil: null }), releases, '2.0.0', 'stable');
    expect(choice).toEqual({ update: null, newerNotEntitled: null });
  });

  it('offers beta releases on the beta channel to owners who opted in only', () => {
    expect(chooseUpdate(licence(), releases, '1.1.0', 'beta').update).toBeNull();
    const optedIn = chooseUpdate(licence({ betaOptIn: true }), releases, '1.1.0', 'beta');
    expect(optedIn.update?.version).toBe('1.2.0-beta.1');
    expect(
      chooseUpdate(licence({ betaOptIn: true }), releases, '1.1.0', 'stable').update,
    ).toBeNull();
  });

  it('names no renewal for a plan without updates', () => {
    const choice = chooseUpdate(licence({ updatePermissions: false }), releases, '1.1.0', 'stable');
    expect(choice).toEqual({ update: null, newerNotEntitled: null });
  });
});

describe('versions', () => {
  it.each(['1.0.0', '2.4.10', '3.0.0-beta.1'])('accepts %s', (version) => {
    expect(isReleaseVersion(version)).toBe(true);
  });
  it.each([
    'v1.0.0',
    '1.0',
    '1.0.0.0',
    ' 1.0.0',
    '01.0.0',
    'latest',
    '',
    '1.0.0-',
    '1.0.0+build.5',
    `1.0.0-${'a'.repeat(70)}`,
  ])('refuses %j', (version) => {
    expect(isReleaseVersion(version)).toBe(false);
  });
  it('orders by semver precedence, pre-releases before their release', () => {
    expect(
      newestFirst([
        { version: '1.10.0' },
        { version: '1.9.0' },
        { version: '2.0.0-rc.1' },
        { version: '2.0.0' },
      ]).map((r) => r.version),
    ).toEqual(['2.0.0', '2.0.0-rc.1', '1.10.0', '1.9.0']);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
  });
});

describe('release moves', () => {
  it('publishes a draft with at least one file, once', () => {
    expect(publishRefusal('draft', 1)).toBeNull();
    expect(publishRefusal('draft', 0)).toBe('release.no_artifact');
    expect(publishRefusal('published', 1)).toBe('release.already_published');
    expect(publishRefusal('withdrawn', 1)).toBe('release.withdrawn');
  });
  it('withdraws a published release only', () => {
    expect(withdrawRefusal('published')).toBeNull();
    expect(withdrawRefusal('draft')).toBe('release.not_published');
    expect(withdrawRefusal('withdrawn')).toBe('release.not_published');
  });
});

describe('artifact file names', () => {
  it.each(['cadran-2.0.0.zip', 'cadran_2.0.0+full.tar.gz'])('accepts %s', (name) => {
    expect(isArtifactFileName(name)).toBe(true);
  });
  it.each(['../etc/passwd', 'a/b.zip', '.hidden', 'a..zip', 'nom avec espace.zip', 'é.zip', ''])(
    'refuses %j',
    (name) => {
      expect(isArtifactFileName(name)).toBe(false);
    },
  );
});
