import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seedDemoClient } from './demo-client';

export interface DemoPluginOptions {
  /** The clock of the demo's dates (tests set it). */
  now?: () => Date;
}

/**
 * Demo data that needs the shop's own use cases (SEED_DEMO outside production): the demo
 * client's account, orders and licences, written once when the app is ready.
 */
function demoPlugin(
  app: FastifyInstance,
  options: DemoPluginOptions,
  done: (error?: Error) => void,
) {
  const now = options.now ?? (() => new Date());
  app.addHook('onReady', async () => {
    if (await seedDemoClient(app, now())) app.log.info('demo client account written');
  });
  done();
}

export default fp(demoPlugin, {
  name: 'demo',
  dependencies: ['db', 'orders', 'payments', 'fulfilment', 'auth', 'releases'],
  fastify: '5.x',
});
