import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EINVOICE_SEND_JOB } from '../invoices/transmission/send-job';
import { FulfilmentService } from './service';
import { VAT_REFUND_CRON, VAT_REFUND_JOB } from './vat-refund-job';

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
  const service = new FulfilmentService({
    db: app.db,
    payments: app.payments,
    publicUrl: app.config.publicUrl,
    supportEmail: app.config.supportEmail,
    seller: app.config.seller,
    log: app.log.child({ component: 'fulfilment' }),
    // The commits that queue an order's mail are those that issue its invoice or credit
    // note: the e-invoice's send leaves at once too.
    onMailQueued: () => {
      app.mailer.wake();
      app.jobs.wake(EINVOICE_SEND_JOB.name);
    },
  });
  app.decorate('fulfilment', service);
  // The VAT of orders whose VAT number was confirmed after the sale goes back, after each
  // re-check of the numbers; a refund the provider refused is asked again at the next run.
  app.jobs.register(
    VAT_REFUND_JOB,
    async (_payload, job) => {
      const result = await service.refundConfirmedVatOrders();
      if (result.refunded > 0 || result.unavailable > 0) job.log.info(result, 'VAT given back');
    },
    { cron: VAT_REFUND_CRON },
  );
  done();
}

export default fp(fulfilmentPlugin, {
  name: 'fulfilment',
  dependencies: ['db', 'jobs', 'mail', 'payments'],
  fastify: '5.x',
});
