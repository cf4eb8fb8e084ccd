import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LicensesRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    licenses: LicensesRepository;
  }
}

/** `app.licenses`: reads of issued licences; the fulfilment writes them in its transaction. */
function licensesPlugin(app: FastifyInstance, _options: unknown, done: (error?: Error) => void) {
  app.decorate('licenses', new LicensesRepository(app.db));
  done();
}

export default fp(licensesPlugin, { name: 'licenses', dependencies: ['db'], fastify: '5.x' });
