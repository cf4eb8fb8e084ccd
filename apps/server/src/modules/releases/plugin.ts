import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ROADMAP_UPDATE_EVENT } from '@cadran/domain/realtime';
import { mailBrand } from '../../mail/templates';
import { invalidatePublicRoadmap } from '../roadmap/public-cache';
import { seedDemoReleases } from './demo-releases';
import { DownloadLinks } from './download-link';
import { ReleasesService } from './service';
import { FileArtifactStore } from './storage/file-store';
import { LargeObjectArtifactStore } from './storage/large-object-store';
import { UnsubscribeTokens } from './unsubscribe-token';
import { RELEASE_VOTERS_JOB, ROADMAP_PROGRESS_JOB } from './voter-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    releases: ReleasesService;
  }
}

export interface ReleasesPluginOptions {
  /** Writes the demo's three releases and their files (npm start with SEED_DEMO). */
  demo?: boolean;
}

/**
 * `app.releases` (docs/product.md 'Releases'): artifacts in the configured store
 * (docs/decisions/040-release-artifact-storage.md), signed by the licence signing key, served
 * through signed links; the voters' e-mails as jobs of the job queue.
 */
async function releasesPlugin(app: FastifyInstance, options: ReleasesPluginOptions) {
  const { config } = app;
  const secret = config.sessionSecret;
  if (!secret) throw new Error('the releases module needs the session secret');
  const stores = {
    files: new FileArtifactStore(config.dataDir),
    database: new LargeObjectArtifactStore(app.db),
  };
  const unsubscribe = new UnsubscribeTokens(secret, config.publicUrl);
  const now = () => app.licenses.now();
  const service = new ReleasesService({
    db: app.db,
    store: stores[config.releases.artifactStore],
    stores,
    maxBytes: config.releases.artifactMaxBytes,
    links: new DownloadLinks(secret, config.publicUrl),
    unsubscribe,
    publicUrl: config.publicUrl,
    sign: (payload) => app.licenses.signArtifact(payload),
    voterMail: { db: app.db, brand: mailBrand(config), unsubscribe, now },
    onItemsDone: async () => {
      invalidatePublicRoadmap();
      await app.realtime.publish({
        name: ROADMAP_UPDATE_EVENT,
        data: { change: 'updated' },
        publisher: null,
      });
    },
    now,
  });
  app.decorate('releases', service);

  app.jobs.register(RELEASE_VOTERS_JOB, async ({ releaseId }, job) => {
    const queued = await service.tellShipped(releaseId);
    if (queued > 0) {
      app.mailer.wake();
      job.log.info({ releaseId, queued }, 'voters told of a shipped release');
    }
  });
  app.jobs.register(ROADMAP_PROGRESS_JOB, async ({ itemId }, job) => {
    const queued = await service.tellInProgress(itemId);
    if (queued > 0) {
      app.mailer.wake();
      job.log.info({ itemId, queued }, 'voters told of an item in progress');
    }
  });

  if (options.demo) {
    await seedDemoReleases(app.db, stores[config.releases.artifactStore], now(), (payload) =>
      app.licenses.signArtifact(payload),
    );
  }
}

export default fp(releasesPlugin, {
  name: 'releases',
  dependencies: ['db', 'jobs', 'mail', 'licenses', 'realtime'],
  fastify: '5.x',
});
