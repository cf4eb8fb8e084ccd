import type { Artifact, PublicRelease, StaffRelease } from '@cadran/domain/release-api';
import { renderNotes } from './markdown';
import type { ArtifactRow, ReleaseRecord } from './repository';

/** What the APIs answer of a release and its artifacts. */

export const artifactView = (artifact: ArtifactRow): Artifact => ({
  id: artifact.id,
  file: artifact.fileName,
  size: artifact.size,
  sha256: artifact.sha256,
  signature: artifact.signature,
});

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export function staffReleaseView(record: ReleaseRecord): StaffRelease {
  const { release } = record;
  const artifacts = record.artifacts.map((artifact) => ({
    ...artifactView(artifact),
    downloads: artifact.downloads,
  }));
  return {
    id: release.id,
    version: release.version,
    channel: release.channel,
    state: release.state,
    notes_fr: release.notesFr,
    notes_en: release.notesEn,
    published_at: iso(release.publishedAt),
    withdrawn_at: iso(release.withdrawnAt),
    created_at: release.createdAt.toISOString(),
    roadmap_items: record.items.map((item) => ({
      id: item.id,
      title: item.title,
      title_en: item.titleEn,
      status: item.status,
    })),
    artifacts,
    downloads: artifacts.reduce((sum, artifact) => sum + artifact.downloads, 0),
  };
}

/** A published release as anyone may read it: notes and public items, no file and no link. */
export function publicReleaseView(record: ReleaseRecord): PublicRelease {
  const { release } = record;
  return {
    version: release.version,
    channel: release.channel,
    published_at: (release.publishedAt ?? release.createdAt).toISOString(),
    notes: { fr: release.notesFr, en: release.notesEn },
    notes_html: { fr: renderNotes(release.notesFr), en: renderNotes(release.notesEn) },
    items: record.items
      .filter((item) => item.isPublic)
      .map((item) => ({ id: item.id, title: item.title, title_en: item.titleEn })),
  };
}
