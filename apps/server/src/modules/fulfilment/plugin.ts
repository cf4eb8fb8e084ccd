import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FulfilmentService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    fulfilment: FulfilmentService;
  }
}

/**
 * `app.fulfilment`: what a payment's outcome does to its order. Mail it queues leaves at once
 * through the mail worker; a wake-up after the app closed does nothing.
 */
function fulfilmentPlugin(app: FastifyInstance, _options: unknown, done: (error?: Error) => void) {
  app.decorate(
    'fulfilment',
    new FulfilmentService({
      db: app.db,
      payments: app.payments,
      publicUrl: app.config.publicUrl,
      supportEmail: app.config.supportEmail,
      seller: app.config.seller,
      log: app.log.child({ component: 'fulfilment' }),
      onMailQueued: () => app.mailer.wake(),
    }),
  );
  done();
}

export default fp(fulfilmentPlugin, {
  name: 'fulfilment',
  dependencies: ['db', 'mail', 'payments'],
  fastify: '5.x',
});
