import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InvoicesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: InvoicesService;
  }
}

/** `app.invoices`: issued documents for their owner; issuing happens in the fulfilment. */
function invoicesPlugin(app: FastifyInstance, _options: unknown, done: (error?: Error) => void) {
  app.decorate('invoices', new InvoicesService(app.db));
  done();
}

export default fp(invoicesPlugin, { name: 'invoices', dependencies: ['db'], fastify: '5.x' });
