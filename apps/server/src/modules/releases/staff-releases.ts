import type { Readable } from 'node:stream';
import type { ReleaseCreate, ReleaseUpdate } from '@cadran/domain/release-api';
import {
  artifactChangeRefusal,
  isArtifactFileName,
  publishRefusal,
  withdrawRefusal,
  type ReleaseMoveRefusal,
} from '@cadran/domain/release-rules';
import type { MessageKey } from '@cadran/domain/messages';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import { releaseArtifacts, releases } from '../../db/schema/releases';
import { isUniqueViolation } from '../../db/unique-violation';
import { eq } from 'drizzle-orm';
import { ArtifactTooLargeError, type ArtifactStore } from './storage/artifact-store';
import * as repository from './repository';
import type { ReleaseRecord, ReleaseRow } from './repository';
import { staffReleaseView } from './views';

/**
 * The back office's release use cases (docs/product.md 'Releases'): create a draft, change it,
 * add its files, publish it, withdraw it. Each writes its audit entry in its own transaction.
 */

const TARGET = 'release';

export type StaffOutcome<T> =
  { ok: true; value: T } | { ok: false; status: number; key: MessageKey };

const refuse = (
  status: number,
  key: MessageKey,
): { ok: false; status: number; key: MessageKey } => ({
  ok: false,
  status,
  key,
});

export interface StaffReleaseDeps {
  db: Database;
  now: () => Date;
}

export async function createRelease(
  deps: StaffReleaseDeps,
  input: ReleaseCreate,
  actor: StaffActor,
): Promise<StaffOutcome<ReleaseRecord>> {
  const missing = await repository.missingItemIds(deps.db, input.roadmap_item_ids);
  if (missing.length > 0) return refuse(422, 'release.unknown_item');
  try {
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(releases)
        .values({
          version: input.version,
          channel: input.channel,
          notesFr: input.notes_fr,
          notesEn: input.notes_en,
        })
        .returning({ id: releases.id });
      if (!row) throw new Error('release not inserted');
      await repository.replaceItems(tx, row.id, input.roadmap_item_ids);
      const created = await repository.findRecord(tx, row.id);
      await recordStaffAction(tx, actor, {
        action: 'release.create',
        target: { type: TARGET, id: row.id },
        after: created ? staffReleaseView(created) : null,
      });
      return row.id;
    });
    const record = await repository.findRecord(deps.db, id);
    if (!record) throw new Error(`release ${id} vanished after insert`);
    return { ok: true, value: record };
  } catch (error) {
    if (isUniqueViolation(error, 'releases_version_unique'))
      return refuse(409, 'release.version_taken');
    throw error;
  }
}

export async function updateRelease(
  deps: StaffReleaseDeps,
  id: string,
  patch: ReleaseUpdate,
  actor: StaffActor,
): Promise<StaffOutcome<ReleaseRecord>> {
  if (patch.roadmap_item_ids) {
    const missing = await repository.missingItemIds(deps.db, patch.roadmap_item_ids);
    if (missing.length > 0) return refuse(422, 'release.unknown_item');
  }
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await repository.lockRelease(tx, id);
    if (!locked) return refuse(404, 'release.not_found');
    const refusal = artifactChangeRefusal(locked.state);
    if (refusal) return refuse(409, refusal);
    const before = await repository.findRecord(tx, id);
    const values = {
      ...(patch.channel ? { channel: patch.channel } : {}),
      ...(patch.notes_fr ? { notesFr: patch.notes_fr } : {}),
      ...(patch.notes_en ? { notesEn: patch.notes_en } : {}),
    };
    if (Object.keys(values).length > 0)
      await tx.update(releases).set(values).where(eq(releases.id, id));
    if (patch.roadmap_item_ids) await repository.replaceItems(tx, id, patch.roadmap_item_ids);
    const after = await repository.findRecord(tx, id);
    await recordStaffAction(tx, actor, {
      action: 'release.update',
      target: { type: TARGET, id },
      before: before ? staffReleaseView(before) : null,
      after: after ? staffReleaseView(after) : null,
    });
    return { ok: true as const, value: undefined };
  });
  if (!outcome.ok) return outcome;
  const record = await repository.findRecord(deps.db, id);
  return record ? { ok: true, value: record } : refuse(404, 'release.not_found');
}

export interface ArtifactUpload {
  fileName: string;
  stream: Readable;
}

/** Signs `{ version, file, size, sha256 }` with the licence signing key (a compact JWS). */
export type ArtifactSigner = (payload: {
  version: string;
  file: string;
  size: number;
  sha256: string;
}) => Promise<string>;

export interface ArtifactDeps extends StaffReleaseDeps {
  store: ArtifactStore;
  maxBytes: number;
  sign: ArtifactSigner;
}

/**
 * Stores an uploaded file as it arrives (size and SHA-256 computed on the way), signs
 * `{ version, file, size, sha256 }` and records the artifact. The release must be a draft
 * before and after the upload (it is locked while the row is written); an empty or oversized
 * file, a taken name or a release that moved on leaves nothing stored.
 */
export async function addArtifact(
  deps: ArtifactDeps,
  releaseId: string,
  upload: ArtifactUpload,
  actor: StaffActor,
): Promise<StaffOutcome<ReleaseRecord['artifacts'][number]>> {
  const drain = () => {
    upload.stream.resume();
  };
  if (!isArtifactFileName(upload.fileName)) {
    drain();
    return refuse(400, 'release.file_name_invalid');
  }
  const before = await repository.findRelease(deps.db, releaseId);
  if (!before) {
    drain();
    return refuse(404, 'release.not_found');
  }
  const notDraft = artifactChangeRefusal(before.state);
  if (notDraft) {
    drain();
    return refuse(409, notDraft);
  }
  let stored;
  try {
    stored = await deps.store.put(upload.stream, deps.maxBytes);
  } catch (error) {
    if (error instanceof ArtifactTooLargeError) return refuse(413, 'release.file_too_large');
    throw error;
  }
  if (stored.size === 0) {
    await deps.store.remove(stored.ref);
    return refuse(400, 'release.file_empty');
  }
  const signature = await deps.sign({
    version: before.version,
    file: upload.fileName,
    size: stored.size,
    sha256: stored.sha256,
  });
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      const locked = await repository.lockRelease(tx, releaseId);
      if (!locked) return refuse(404, 'release.not_found');
      const refusal = artifactChangeRefusal(locked.state);
      if (refusal) return refuse(409, refusal);
      const [row] = await tx
        .insert(releaseArtifacts)
        .values({
          releaseId,
          fileName: upload.fileName,
          size: stored.size,
          sha256: stored.sha256,
          signature,
          store: deps.store.kind,
          storageRef: stored.ref,
        })
        .returning();
      if (!row) throw new Error('artifact not inserted');
      await recordStaffAction(tx, actor, {
        action: 'release.add_artifact',
        target: { type: TARGET, id: releaseId },
        after: { file: row.fileName, size: row.size, sha256: row.sha256 },
      });
      return { ok: true as const, value: { ...row, downloads: 0 } };
    });
    if (!outcome.ok) await deps.store.remove(stored.ref);
    return outcome;
  } catch (error) {
    await deps.store.remove(stored.ref);
    if (isUniqueViolation(error, 'release_artifacts_file_unique')) {
      return refuse(409, 'release.file_name_taken');
    }
    throw error;
  }
}

export interface PublishDeps extends StaffReleaseDeps {
  /** Writes, in the publishing transaction, what tells the shipped items' voters. */
  queueVoterMails: (tx: Transaction, releaseId: string) => Promise<void>;
}

/**
 * A release's move under its row lock: refused as `refusal` says, else its row `set`, `also`
 * done in the same transaction, and the audit entry written; answers the release after it.
 */
async function moveRelease(
  deps: StaffReleaseDeps,
  id: string,
  actor: StaffActor,
  move: {
    action: 'release.publish' | 'release.withdraw';
    refusal: (locked: ReleaseRow, tx: Transaction) => Promise<ReleaseMoveRefusal | null>;
    set: Partial<ReleaseRow>;
    also?: (tx: Transaction) => Promise<Record<string, unknown>>;
  },
): Promise<StaffOutcome<ReleaseRecord>> {
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await repository.lockRelease(tx, id);
    if (!locked) return refuse(404, 'release.not_found');
    const refusal = await move.refusal(locked, tx);
    if (refusal) return refuse(409, refusal);
    await tx.update(releases).set(move.set).where(eq(releases.id, id));
    const facts = (await move.also?.(tx)) ?? {};
    await recordStaffAction(tx, actor, {
      action: move.action,
      target: { type: TARGET, id },
      before: { state: locked.state },
      after: { ...move.set, ...facts },
    });
    return { ok: true as const, value: undefined };
  });
  if (!outcome.ok) return outcome;
  const record = await repository.findRecord(deps.db, id);
  return record ? { ok: true, value: record } : refuse(404, 'release.not_found');
}

/**
 * Publishes a draft that has files: dated now, its items move to done, and the job that mails
 * their voters is written in the same transaction (it exists exactly when the release is
 * published; two staff publishing at once publish once).
 */
export function publishRelease(deps: PublishDeps, id: string, actor: StaffActor) {
  return moveRelease(deps, id, actor, {
    action: 'release.publish',
    refusal: async (locked, tx) =>
      publishRefusal(locked.state, await repository.countArtifacts(tx, id)),
    set: { state: 'published', publishedAt: deps.now() },
    also: async (tx) => {
      const itemsDone = await repository.markItemsDone(tx, id);
      await deps.queueVoterMails(tx, id);
      return { items_done: itemsDone };
    },
  });
}

/** Withdraws a published release: no longer offered nor downloadable, kept for the record. */
export function withdrawRelease(deps: StaffReleaseDeps, id: string, actor: StaffActor) {
  return moveRelease(deps, id, actor, {
    action: 'release.withdraw',
    refusal: (locked) => Promise.resolve(withdrawRefusal(locked.state)),
    set: { state: 'withdrawn', withdrawnAt: deps.now() },
  });
}
