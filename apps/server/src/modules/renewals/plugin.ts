import type { RenewalRunResult } from '@cadran/domain/auto-renewal-api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailBrand } from '../../mail/templates';
import { sendCardExpiryNotices } from './card-expiry-notices';
import { dunFailedDebits } from './failed-debits';
import { sendRenewalNotices } from './renewal-notices';
import {
  CARD_EXPIRY_NOTICE_CRON,
  CARD_EXPIRY_NOTICE_JOB,
  RENEWAL_RUN_CRON,
  RENEWAL_RUN_JOB,
} from './job';
import { runRenewals, type RunDeps } from './run-renewals';

export interface RenewalsPluginOptions {
  /** Tests shorten how long a run holds a term it charges. */
  claimMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    renewals: {
      /** Charges every term due at `asOf` (now by default): see run-renewals.ts. */
      run: (asOf?: Date) => Promise<Omit<RenewalRunResult, 'success'>>;
      /** Tells owners of cards that expire before the next charge: see card-expiry-notices.ts. */
      sendCardExpiryNotices: (now?: Date) => Promise<number>;
      /** Tells owners of a coming automatic renewal: see renewal-notices.ts. */
      sendRenewalNotices: (now?: Date) => Promise<number>;
    };
  }
}

/**
 * Automatic renewal (docs/product.md 'Licences' ('Automatic renewal')): the run, scheduled
 * every hour as a job of the job queue and started by staff from the back office. Receipts and
 * payment reminders leave through the mail worker, woken after each run.
 */
function renewalsPlugin(
  app: FastifyInstance,
  options: RenewalsPluginOptions,
  done: (error?: Error) => void,
): void {
  const deps: RunDeps = {
    db: app.db,
    brand: mailBrand(app.config),
    retryDays: app.config.renewals.retryDays,
    warn: (facts, message) => app.log.warn(facts, message),
    orders: app.orders.repository,
    providerFor: (method) => app.payments.byName(method.provider),
    fulfilment: app.fulfilment,
    renewal: { db: app.db, orders: app.orders },
    ...(options.claimMs ? { claimMs: options.claimMs } : {}),
  };
  const run = async (asOf: Date = app.licenses.now()) => {
    const result = await runRenewals(deps, asOf);
    if (result.charged > 0 || result.failed > 0) app.mailer.wake();
    return result;
  };
  const notifyExpiringCards = async (now: Date = app.licenses.now()) => {
    const queued = await sendCardExpiryNotices(deps, now);
    if (queued > 0) app.mailer.wake();
    return queued;
  };
  const noticeRenewals = async (now: Date = app.licenses.now()) => {
    const queued = await sendRenewalNotices(deps, now);
    if (queued > 0) app.mailer.wake();
    return queued;
  };
  app.decorate('renewals', {
    run,
    sendCardExpiryNotices: notifyExpiringCards,
    sendRenewalNotices: noticeRenewals,
  });
  // A debit the bank returned after accepting it joins the dunning as soon as it is known.
  app.fulfilment.onPaymentFailed(async (orderId) => {
    if ((await dunFailedDebits(deps, app.licenses.now(), orderId)) > 0) app.mailer.wake();
  });
  app.jobs.register(
    RENEWAL_RUN_JOB,
    async (_payload, job) => {
      const result = await run();
      if (result.charged > 0 || result.failed > 0) job.log.info(result, 'renewals charged');
      // The notices of coming renewals go with the run, each once per licence and term.
      const noticed = await noticeRenewals();
      if (noticed > 0) job.log.info({ noticed }, 'renewal notices queued');
    },
    { cron: RENEWAL_RUN_CRON },
  );
  app.jobs.register(
    CARD_EXPIRY_NOTICE_JOB,
    async (_payload, job) => {
      const queued = await notifyExpiringCards();
      if (queued > 0) job.log.info({ queued }, 'card expiry notices queued');
    },
    { cron: CARD_EXPIRY_NOTICE_CRON },
  );
  done();
}

export default fp(renewalsPlugin, {
  name: 'renewals',
  dependencies: ['db', 'jobs', 'mail', 'orders', 'licenses', 'payments', 'fulfilment'],
  fastify: '5.x',
});
