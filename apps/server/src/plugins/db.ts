import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/**
 * Exposes the database opened by server.ts (or the test helper). Opening, migrating and
 * closing stay with the caller, which also owns the PGlite lock and the shutdown order.
 */
function dbPlugin(
  app: FastifyInstance,
  options: { db: Database },
  done: (error?: Error) => void,
): void {
  app.decorate('db', options.db);
  done();
}

export default fp(dbPlugin, { name: 'db', fastify: '5.x' });
