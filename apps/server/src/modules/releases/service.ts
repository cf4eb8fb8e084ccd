import type { Language } from '@cadran/domain/constants';
import type {
  PublicRelease,
  ReleaseCreate,
  ReleasePreferences,
  ReleaseUpdate,
  UpdateCheck,
} from '@cadran/domain/release-api';
import { newestFirst } from '@cadran/domain/release-rules';
import { isUuid } from '@cadran/domain/uuid';
import type { StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import { sendJob } from '../../jobs/boss';
import { accountDownloads, openDownload, type DownloadDeps } from './downloads';
import type { DownloadLinks } from './download-link';
import { savePreferences, DEFAULT_PREFERENCES, preferencesOf } from './licence-access';
import { findRecord, listRecords } from './repository';
import {
  addArtifact,
  createRelease,
  publishRelease,
  updateRelease,
  withdrawRelease,
  type ArtifactSigner,
  type ArtifactUpload,
} from './staff-releases';
import type { ArtifactStore } from './storage/artifact-store';
import type { UnsubscribeTokens } from './unsubscribe-token';
import { checkForUpdate } from './update-check';
import { publicReleaseView } from './views';
import { RELEASE_VOTERS_JOB, ROADMAP_PROGRESS_JOB } from './voter-jobs';
import { tellInProgress, tellShipped, type VoterMailDeps } from './voter-notifications';

export interface ReleasesServiceOptions {
  db: Database;
  /** Where new uploads go. */
  store: ArtifactStore;
  /** Every store an artifact may have been written to, by kind. */
  stores: DownloadDeps['stores'];
  maxBytes: number;
  links: DownloadLinks;
  unsubscribe: UnsubscribeTokens;
  publicUrl: string;
  sign: ArtifactSigner;
  voterMail: VoterMailDeps;
  /** Roadmap items moved to done by a publication: caches and open pages must follow. */
  onItemsDone: () => Promise<void>;
  now: () => Date;
}

/**
 * The releases module's use cases (docs/product.md 'Releases'); each takes only what it
 * needs from the options.
 */
export class ReleasesService {
  constructor(private readonly options: ReleasesServiceOptions) {}

  private get staffDeps() {
    return { db: this.options.db, now: this.options.now };
  }

  listForStaff() {
    return listRecords(this.options.db);
  }

  findForStaff(id: string) {
    return isUuid(id) ? findRecord(this.options.db, id) : Promise.resolve(undefined);
  }

  create(input: ReleaseCreate, actor: StaffActor) {
    return createRelease(this.staffDeps, input, actor);
  }

  update(id: string, patch: ReleaseUpdate, actor: StaffActor) {
    return updateRelease(this.staffDeps, id, patch, actor);
  }

  addArtifact(id: string, upload: ArtifactUpload, actor: StaffActor) {
    const { store, maxBytes, sign } = this.options;
    return addArtifact({ ...this.staffDeps, store, maxBytes, sign }, id, upload, actor);
  }

  async publish(id: string, actor: StaffActor) {
    const outcome = await publishRelease(
      {
        ...this.staffDeps,
        queueVoterMails: async (tx, releaseId) => {
          await sendJob(tx, RELEASE_VOTERS_JOB, { releaseId });
        },
      },
      id,
      actor,
    );
    if (outcome.ok) await this.options.onItemsDone();
    return outcome;
  }

  withdraw(id: string, actor: StaffActor) {
    return withdrawRelease(this.staffDeps, id, actor);
  }

  checkForUpdate(input: UpdateCheck, lang: Language) {
    const { db, links, publicUrl, now } = this.options;
    return checkForUpdate({ db, links, publicUrl, now }, input, lang);
  }

  openDownload(
    artifactId: string,
    query: { licence?: string; expires?: string; signature?: string },
  ) {
    const { db, links, stores, now } = this.options;
    return openDownload({ db, links, stores, now }, artifactId, query);
  }

  accountDownloads(userId: string, lang: Language) {
    const { db, links, now } = this.options;
    return accountDownloads({ db, links, now }, userId, lang);
  }

  preferences(userId: string) {
    return preferencesOf(this.options.db, userId);
  }

  async savePreferences(userId: string, preferences: ReleasePreferences) {
    await savePreferences(this.options.db, userId, preferences);
  }

  /** Whether a token is a genuine unsubscribe token (checked, nothing changed). */
  isUnsubscribeToken(token: string): boolean {
    return this.options.unsubscribe.verify(token) !== undefined;
  }

  /** Turns the voters' e-mails off for the account a valid unsubscribe token names. */
  async unsubscribe(token: string): Promise<boolean> {
    const userId = this.options.unsubscribe.verify(token);
    if (!userId) return false;
    const current = await preferencesOf(this.options.db, userId).catch(() => DEFAULT_PREFERENCES);
    await savePreferences(this.options.db, userId, {
      ...current,
      release_mail: false,
      in_progress_mail: false,
    });
    return true;
  }

  /** Published stable releases, newest first, as the public reads them. */
  async publicReleases(): Promise<PublicRelease[]> {
    const published = await listRecords(this.options.db, { state: 'published' });
    return newestFirst(
      published
        .filter((record) => record.release.channel === 'stable')
        .map((record) => ({ ...record, version: record.release.version })),
    ).map(publicReleaseView);
  }

  /**
   * A roadmap item changed status (the roadmap's own transaction): its move to in progress
   * queues the e-mail of the voters who asked for it, with the change.
   */
  async onRoadmapStatusChange(tx: Transaction, itemId: number, from: string, to: string) {
    if (to === 'in_progress' && from !== 'in_progress') {
      await sendJob(tx, ROADMAP_PROGRESS_JOB, { itemId });
    }
  }

  tellShipped(releaseId: string) {
    return tellShipped(this.options.voterMail, releaseId);
  }

  tellInProgress(itemId: number) {
    return tellInProgress(this.options.voterMail, itemId);
  }
}
