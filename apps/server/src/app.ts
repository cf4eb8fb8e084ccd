import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { fastifyTrustProxy, startupWarnings, type AppConfig } from './config';
import type { Database } from './db/client';
import { frameworkErrorHandler, registerErrorHandler } from './http/error-handler';
import { OneLinePerRequest } from './http/request-log';
import { createLogger } from './logger';
import clientAreaRoutes from './modules/client-area/routes';
import contactRoutes from './modules/contact/routes';
import catalogRoutes from './modules/catalog/routes';
import accountPlugin from './modules/account/plugin';
import accountRoutes from './modules/account/routes';
import authRoutes from './modules/auth/routes';
import healthRoutes from './modules/health/routes';
import logsRoutes from './modules/logs/routes';
import newsletterRoutes from './modules/newsletter/routes';
import ordersRoutes from './modules/checkout/order-routes';
import paymentsRoutes from './modules/checkout/payment-routes';
import paymentRetryRoutes from './modules/checkout/payment-retry-routes';
import quoteRoutes from './modules/checkout/quote-routes';
import adminRoutes from './modules/admin/routes';
import realtimeRoutes from './modules/realtime/routes';
import roadmapRoutes from './modules/roadmap/routes';
import authPlugin from './modules/auth/plugin';
import fulfilmentPlugin from './modules/fulfilment/plugin';
import invoicesPlugin from './modules/invoices/plugin';
import invoicesRoutes from './modules/invoices/routes';
import { storedInvoicePdf } from './modules/invoices/stored-pdf';
import licensesPlugin from './modules/licenses/plugin';
import licenseApiRoutes from './modules/licenses/api-routes';
import licenseOwnerRoutes from './modules/licenses/owner-routes';
import licenseRemindersPlugin from './modules/license-reminders/plugin';
import renewalsPlugin from './modules/renewals/plugin';
import renewalOwnerRoutes from './modules/renewals/owner-routes';
import withdrawalRoutes from './modules/renewals/withdrawal-routes';
import methodSetupRoutes from './modules/renewals/method-setup-routes';
import renewalRoutes from './modules/checkout/renewal-routes';
import ordersPlugin from './modules/orders/plugin';
import paymentsPlugin from './modules/payments/plugin';
import realtimePlugin from './modules/realtime/plugin';
import releasesPlugin from './modules/releases/plugin';
import demoPlugin from './modules/demo/plugin';
import releaseApiRoutes from './modules/releases/api-routes';
import releaseFeedRoutes from './modules/releases/feed-routes';
import releaseWebsiteRoutes from './modules/releases/website-routes';
import unsubscribeRoutes from './modules/releases/unsubscribe-routes';
import csrfPlugin from './plugins/csrf';
import dbPlugin from './plugins/db';
import jobsPlugin from './jobs/plugin';
import mailPlugin from './plugins/mail';
import rateLimitPlugin from './plugins/rate-limit';
import jsonBody from './plugins/json-body';
import rejectNul from './plugins/reject-nul';
import securityHeaders, { securityHeaderValues } from './plugins/security-headers';
import swagger from './plugins/swagger';
import adminAppRoutes from './web/admin-app';
import spa from './web/spa';
import { onReadCacheInvalidated, onReadCacheRefreshFailed } from './db/read-cache';
import { legalPublisherOf } from '@cadran/domain/legal-publisher';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** Opened and migrated by the caller, which also closes it after `app.close()`. */
  db: Database;
  logger?: FastifyBaseLogger;
  /** How often the job runner polls idle queues; tests shorten or lengthen it. */
  jobPollIntervalMs?: number;
  /** The clock of licence statuses and reminders (tests move it); the system clock otherwise. */
  now?: () => Date;
  /** Writes the demo's releases, their files and its client account at start (the demo; tests that want them). */
  demoReleases?: boolean;
  /**
   * The clock of sessions and rate-limit windows: tests move it to cross a window or outlive a
   * session instead of waiting. Otherwise the system clock, and for rate-limit windows the
   * database's, which every server process shares.
   */
  clock?: () => Date;
}

/** Default body limit of every route; the log endpoints set their own, smaller ones. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the Fastify instance, every part a plugin (docs/architecture.md 'Server modules'):
 * infrastructure plugins first, then app services, then routes, then the SPA and its not-found
 * handler last.
 */
export async function buildApp({
  config,
  db,
  logger,
  jobPollIntervalMs,
  now,
  demoReleases = false,
  clock,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config),
    genReqId: () => randomUUID(),
    // Ids are ours (logged as reqId): a client-chosen id could forge log correlation.
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: frameworkErrorHandler(
      securityHeaderValues({ publicUrl: config.publicUrl, isProduction: config.isProduction }),
    ),
  }).withTypeProvider<ZodTypeProvider>();

  // Every API body is JSON. Without the built-in text/plain parser, a text/plain POST (the
  // kind a cross-site form can send without a CORS preflight) is refused with 415.
  app.removeContentTypeParser('text/plain');
  await app.register(jsonBody);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerErrorHandler(app);
  for (const { setting, message } of startupWarnings(config)) app.log.warn({ setting }, message);

  await app.register(securityHeaders, {
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
  });
  await app.register(dbPlugin, { db });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });
  await app.register(rejectNul);
  await app.register(swagger, { publicUrl: config.publicUrl, browsable: config.apiDocs });
  await app.register(rateLimitPlugin, clock ? { clock } : {});
  await app.register(jobsPlugin, jobPollIntervalMs ? { pollIntervalMs: jobPollIntervalMs } : {});
  await app.register(mailPlugin, {
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    dataDir: config.dataDir,
    readStoredAttachment: (invoiceId) => storedInvoicePdf(db, invoiceId),
  });

  await app.register(ordersPlugin);
  await app.register(licensesPlugin, now ? { now } : {});
  await app.register(paymentsPlugin);
  await app.register(fulfilmentPlugin);
  await app.register(invoicesPlugin);
  await app.register(authPlugin, clock ? { now: clock } : {});
  await app.register(accountPlugin, now ? { now } : {});
  await app.register(realtimePlugin);
  await app.register(licenseRemindersPlugin);
  await app.register(releasesPlugin, { demo: demoReleases });
  await app.register(renewalsPlugin);
  // A client account whose password the README gives: never on a production server.
  if (demoReleases && !config.isProduction) await app.register(demoPlugin, now ? { now } : {});

  // The listeners are the process's: each app tells only the failures of its own database.
  const stopTellingRefreshFailures = onReadCacheRefreshFailed((failure) => {
    if (failure.db !== db) return;
    app.log.warn(
      { err: failure.error, cache: failure.cache },
      'cached value not read again: the last one is served',
    );
  });
  app.addHook('onClose', (_instance, done) => {
    stopTellingRefreshFailures();
    done();
  });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(logsRoutes);
  await app.register(catalogRoutes);
  await app.register(contactRoutes);
  await app.register(newsletterRoutes);
  await app.register(ordersRoutes);
  await app.register(clientAreaRoutes);
  await app.register(paymentRetryRoutes);
  await app.register(quoteRoutes);
  await app.register(invoicesRoutes);
  await app.register(licenseApiRoutes);
  await app.register(licenseOwnerRoutes);
  await app.register(renewalRoutes);
  await app.register(renewalOwnerRoutes);
  await app.register(withdrawalRoutes);
  await app.register(methodSetupRoutes);
  await app.register(paymentsRoutes);
  await app.register(realtimeRoutes);
  await app.register(roadmapRoutes);
  await app.register(releaseApiRoutes);
  await app.register(releaseWebsiteRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(releaseFeedRoutes);
  await app.register(adminRoutes);
  await app.register(adminAppRoutes, { webDistDir: config.webDistDir });
  await app.register(spa, {
    webDistDir: config.webDistDir,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    publisher: legalPublisherOf(config.seller),
    onDataChanged: onReadCacheInvalidated,
    sourceMaps: !config.isProduction,
    buildNotice: config.isProduction ? 'on-reload' : 'each-request',
  });

  return app;
}
