import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `everyMs` while the app is open, for housekeeping such as pruning expired
 * rows. The timer never keeps the process alive and stops when the app closes; a failed run is
 * logged as a warning with `failure` and the next one tries again.
 */
export function runPeriodically(
  app: FastifyInstance,
  everyMs: number,
  failure: string,
  task: () => Promise<unknown>,
): void {
  const timer = setInterval(() => {
    task().catch((error: unknown) => app.log.warn({ err: error }, failure));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
