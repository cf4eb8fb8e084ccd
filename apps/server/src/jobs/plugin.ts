import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export interface JobsPluginOptions {
  /** How often idle queues are polled; tests shorten or lengthen it. */
  pollIntervalMs?: number;
}

/**
 * `app.jobs`: the background job runner (docs/decisions/008-job-queue.md). Feature plugins
 * registered after this one give it their handlers; it starts when the app is ready and
 * stops when the app closes, after the attempt in flight and before the caller closes the
 * database.
 */
function jobsPlugin(
  app: FastifyInstance,
  options: JobsPluginOptions,
  done: (error?: Error) => void,
): void {
  const runner = new JobRunner({
    db: app.db,
    log: app.log.child({ component: 'jobs' }),
    ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
  });
  app.decorate('jobs', runner);
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.stop());
  done();
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['db'], fastify: '5.x' });
