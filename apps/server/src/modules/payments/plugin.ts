import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PaymentsService } from './service';
import { mailTransferInstructions, TRANSFER_INSTRUCTIONS_JOB } from './transfer-instructions';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

/**
 * `app.payments` (docs/payments.md): the providers the configuration enables (Stripe, PayPal,
 * the offline sandbox, bank transfer) behind one interface, and the job that mails a bank
 * transfer's instructions (woken right after the commit that wrote it, as the mail it queues).
 */
function paymentsPlugin(
  app: FastifyInstance,
  _options: unknown,
  done: (error?: Error) => void,
): void {
  const log = app.log.child({ component: 'payments' });
  const service = new PaymentsService({
    db: app.db,
    config: app.config,
    log,
    // The runner stops with the app; a wake-up after that does nothing.
    wakeJob: (name) => app.jobs.wake(name),
  });
  app.decorate('payments', service);
  app.jobs.register(TRANSFER_INSTRUCTIONS_JOB, async ({ paymentId }, job) => {
    const outcome = await mailTransferInstructions(service, paymentId);
    if (outcome === 'queued') app.mailer.wake();
    // 'already': a run after a crash that came once the mail was written queues nothing twice.
    job.log.info({ paymentId, outcome }, 'transfer instructions job done');
  });

  app.addHook('onReady', (hookDone) => {
    const routing = service.routing();
    log.info({ routing, sandbox: app.config.paymentSandbox }, 'payment providers ready');
    const missing = Object.entries(routing).filter(([, provider]) => provider === null);
    if (missing.length > 0) {
      log.warn(
        { methods: missing.map(([method]) => method) },
        app.config.isProduction
          ? 'payment methods without a provider are refused at checkout (set the provider keys or BANK_*)'
          : 'payment methods without a provider are refused at checkout (set the provider keys, BANK_* or PAYMENT_SANDBOX)',
      );
    }
    hookDone();
  });
  done();
}

export default fp(paymentsPlugin, {
  name: 'payments',
  dependencies: ['db', 'jobs', 'mail'],
  fastify: '5.x',
});
