import type { FastifyPluginAsync } from 'fastify';
import adminAuditRoutes from './audit-routes';
import adminOrderRoutes from './order-routes';
import adminPromoRoutes from './promo-routes';
import adminRoadmapRoutes from './roadmap-routes';

/**
 * The back office API, /api/v1/admin/* (docs/product.md 'Back office'): one guard for every route
 * of the area, run on onRequest so an anonymous caller learns nothing (not even validation details)
 * before its 401, and a client gets 403. Answers are never cached.
 */
const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      admin.addHook('onRequest', admin.requireAdmin);
      await admin.register(adminRoadmapRoutes);
      await admin.register(adminOrderRoutes);
      await admin.register(adminPromoRoutes);
      await admin.register(adminAuditRoutes);
    },
    { prefix: '/api/v1/admin' },
  );
};

export default adminRoutes;
