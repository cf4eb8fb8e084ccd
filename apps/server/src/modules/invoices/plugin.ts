import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InvoicesService } from './service';
import { einvoicePlatformOf } from './transmission/platforms';
import { sendEinvoice } from './transmission/send-einvoice';
import { EINVOICE_SEND_JOB } from './transmission/send-job';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: InvoicesService;
  }
}

/**
 * `app.invoices`: issued documents for their owner; issuing happens in the fulfilment. Each
 * issued document is sent to the e-invoicing platform the configuration names by a job.
 */
function invoicesPlugin(app: FastifyInstance, _options: unknown, done: (error?: Error) => void) {
  app.decorate('invoices', new InvoicesService(app.db));
  const platform = einvoicePlatformOf(app.config.einvoicePlatform, app.config.dataDir);
  app.jobs.register(EINVOICE_SEND_JOB, async ({ invoiceId }, job) => {
    const outcome = await sendEinvoice({ db: app.db, platform }, invoiceId);
    job.log.info({ invoiceId, outcome, platform: app.config.einvoicePlatform }, 'e-invoice sent');
  });
  done();
}

export default fp(invoicesPlugin, {
  name: 'invoices',
  dependencies: ['db', 'jobs'],
  fastify: '5.x',
});
