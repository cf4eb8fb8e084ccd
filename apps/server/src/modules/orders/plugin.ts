import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OrdersService } from './service';
import { VAT_RECHECK_CRON, VAT_RECHECK_JOB } from './vat-recheck-job';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

/**
 * `app.orders`: placing orders and reading one's own
 * (docs/decisions/012-module-boundaries-and-services.md).
 */
function ordersPlugin(app: FastifyInstance, _options: unknown, done: (error?: Error) => void) {
  const service = new OrdersService(app.db, app.config.vies);
  app.decorate('orders', service);
  // VAT numbers VIES could not check at the sale are asked again, once an hour across processes.
  app.jobs.register(
    VAT_RECHECK_JOB,
    async (_payload, job) => {
      const result = await service.recheckVatNumbers(new Date());
      if (result.confirmed > 0 || result.rejected > 0) job.log.info(result, 'VAT numbers settled');
    },
    { cron: VAT_RECHECK_CRON },
  );
  done();
}

export default fp(ordersPlugin, { name: 'orders', dependencies: ['db', 'jobs'], fastify: '5.x' });
