import type { FastifyPluginAsync } from 'fastify';
import accountRoutes from './account-routes';
import linkRoutes from './link-routes';
import privacyRoutes from './privacy-routes';
import sessionRoutes from './session-routes';

/**
 * Every route of account management. Answers carry personal data or tokens: no cache may keep
 * them (the contract of the client area, docs/product.md 'Accounts and sessions').
 */
const accountManagementRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', (_request, reply, hookDone) => {
    reply.header('cache-control', 'no-store');
    hookDone();
  });
  await app.register(linkRoutes);
  await app.register(accountRoutes);
  await app.register(sessionRoutes);
  await app.register(privacyRoutes);
};

export default accountManagementRoutes;
