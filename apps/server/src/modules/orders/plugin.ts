import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OrdersService } from './service';

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
  app.decorate('orders', new OrdersService(app.db, app.config.vies));
  done();
}

export default fp(ordersPlugin, { name: 'orders', dependencies: ['db'], fastify: '5.x' });
