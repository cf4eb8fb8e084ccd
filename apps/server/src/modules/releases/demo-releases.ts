import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { releaseArtifacts, releaseItems, releases } from '../../db/schema/releases';
import { roadmapItems } from '../../db/schema/roadmap';
import type { ArtifactStore } from './storage/artifact-store';

/**
 * The demo's releases (README 'Demo data'): published ninety, thirty and two days before the
 * first start, each with a small generated file. The demo client's licences (modules/demo)
 * fall between them: its Starter licence (a plan without updates), bought sixty days before,
 * keeps 2.2.0 only; its Pro licence, whose term ended five days before, includes 2.2.0 and
 * 2.3.0 and needs a renewal for 2.4.0. Written once: a version already present is left as
 * staff left it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoRelease {
  version: string;
  daysAgo: number;
  notesFr: string;
  notesEn: string;
  itemKeys: string[];
}

const DEMO_RELEASES: DemoRelease[] = [
  {
    version: '2.2.0',
    daysAgo: 90,
    notesFr:
      '## Nouveautés\n\n- **Publication planifiée** : choisissez la date et l’heure de mise en ligne d’une page.\n- **Images AVIF et WebP** produites automatiquement à l’import.\n\n## Corrections\n\n- Le plan du site ignore désormais les pages brouillon.',
    notesEn:
      '## What’s new\n\n- **Scheduled publishing**: choose the date and time a page goes live.\n- **AVIF and WebP images** made automatically on import.\n\n## Fixes\n\n- The sitemap now skips draft pages.',
    itemKeys: ['scheduled-publishing', 'avif-media'],
  },
  {
    version: '2.3.0',
    daysAgo: 30,
    notesFr:
      '## Nouveautés\n\n- **Authentification à deux facteurs** pour les comptes éditeurs (application TOTP).\n\n## Sécurité\n\n- Sessions d’administration plus courtes par défaut.',
    notesEn:
      '## What’s new\n\n- **Two-factor authentication** for editor accounts (TOTP app).\n\n## Security\n\n- Shorter administration sessions by default.',
    itemKeys: ['two-factor-auth'],
  },
  {
    version: '2.4.0',
    daysAgo: 2,
    notesFr:
      '## Nouveautés\n\n- **Cache de pages plus rapide** : les pages publiées sont servies jusqu’à deux fois plus vite.\n- **Chargement différé des images** situées sous la ligne de flottaison.\n\n## Corrections\n\n- L’éditeur garde la position du curseur après un enregistrement automatique.',
    notesEn:
      '## What’s new\n\n- **Faster page cache**: published pages are served up to twice as fast.\n- **Lazy-loaded images** below the fold.\n\n## Fixes\n\n- The editor keeps the cursor where it was after an autosave.',
    // Ships no roadmap item: the demo roadmap's open items stay open to votes.
    itemKeys: [],
  },
];

/** A small text package standing for the release's archive, a few kilobytes, the same at every start. */
function demoPackage(version: string): Buffer {
  const lines = [
    `Cadran CMS ${version} (demo package)`,
    'This file stands in for the release archive in the demo store.',
    ...Array.from(
      { length: 64 },
      (_, index) => `module-${String(index).padStart(2, '0')} ${version}`,
    ),
  ];
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

export async function seedDemoReleases(
  db: Database,
  store: ArtifactStore,
  now: Date,
  sign: (payload: {
    version: string;
    file: string;
    size: number;
    sha256: string;
  }) => Promise<string>,
): Promise<number> {
  let written = 0;
  for (const demo of DEMO_RELEASES) {
    const [existing] = await db
      .select({ id: releases.id })
      .from(releases)
      .where(eq(releases.version, demo.version));
    if (existing) continue;
    const file = `cadran-cms-${demo.version}-demo.txt`;
    const stored = await store.put(Readable.from([demoPackage(demo.version)]), 1024 * 1024);
    const signature = await sign({
      version: demo.version,
      file,
      size: stored.size,
      sha256: stored.sha256,
    });
    const items =
      demo.itemKeys.length === 0
        ? []
        : await db
            .select({ id: roadmapItems.id })
            .from(roadmapItems)
            .where(inArray(roadmapItems.seedKey, demo.itemKeys));
    const inserted = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(releases)
        .values({
          version: demo.version,
          channel: 'stable',
          state: 'published',
          publishedAt: new Date(now.getTime() - demo.daysAgo * DAY_MS),
          notesFr: demo.notesFr,
          notesEn: demo.notesEn,
        })
        .onConflictDoNothing({ target: releases.version })
        .returning({ id: releases.id });
      if (!row) return false;
      if (items.length > 0) {
        await tx
          .insert(releaseItems)
          .values(items.map((item) => ({ releaseId: row.id, roadmapItemId: item.id })));
      }
      await tx.insert(releaseArtifacts).values({
        releaseId: row.id,
        fileName: file,
        size: stored.size,
        sha256: stored.sha256,
        signature,
        store: store.kind,
        storageRef: stored.ref,
      });
      return true;
    });
    if (inserted) written += 1;
    else await store.remove(stored.ref);
  }
  return written;
}
