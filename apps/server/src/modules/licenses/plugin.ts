import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { limitLicenseApi } from './api-routes';
import { LicensesService } from './service';
import { LicenseSigner, resolveSigningJwk } from './signing';

declare module 'fastify' {
  interface FastifyInstance {
    licenses: LicensesService;
    /**
     * The licence API's rate limits, one counter per address and per key shared by every
     * route an installation calls (activation, validate, deactivation, the update check).
     */
    licenseApiLimit: ReturnType<typeof limitLicenseApi>;
  }
}

export interface LicensesPluginOptions {
  /** The clock of licence statuses and reminders; tests move it. */
  now?: () => Date;
}

/**
 * `app.licenses`: the activation API, the owner's licences and renewals. The signing key is
 * the configured one, or outside production the one generated for this data directory
 * (docs/decisions/016-licence-files-and-jose.md); the fulfilment writes licences in its own
 * transaction.
 */
async function licensesPlugin(app: FastifyInstance, options: LicensesPluginOptions) {
  const { config } = app;
  const jwk = await resolveSigningJwk(config.licenseSigning, config.dataDir, config.isProduction);
  const signer = await LicenseSigner.create(
    jwk,
    config.licenseSigning.retiredPublicJwks,
    config.publicUrl,
  );
  app.decorate(
    'licenses',
    new LicensesService({
      db: app.db,
      orders: app.orders,
      signer,
      offlineDays: config.licenseSigning.offlineDays,
      now: options.now ?? (() => new Date()),
    }),
  );
  app.decorate('licenseApiLimit', limitLicenseApi(app));
}

export default fp(licensesPlugin, {
  name: 'licenses',
  dependencies: ['db', 'orders'],
  fastify: '5.x',
});
