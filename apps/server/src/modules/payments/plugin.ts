import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PaymentsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

/**
 * `app.payments` (docs/payments.md): the providers the configuration enables (Stripe, PayPal,
 * the offline sandbox, bank transfer) behind one interface. Mail it queues (transfer
 * instructions) leaves at once through the mail plugin's worker.
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
    // The worker stops with the app; a wake-up after that does nothing.
    onMailQueued: () => app.mailer.wake(),
  });
  app.decorate('payments', service);

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
  dependencies: ['db', 'mail'],
  fastify: '5.x',
});
