import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MailQueue } from '../mail/queue';
import { outboxTransport, smtpTransport } from '../mail/transport';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: MailQueue;
  }
}

export interface MailPluginOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
  /** Interval of the background worker; it also runs right after every enqueue. */
  intervalMs?: number;
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/**
 * `app.mailer.enqueue(...)` for every feature that sends mail. SMTP when SMTP_URL is set,
 * otherwise .eml files in DATA_DIR/outbox. The worker stops when the app closes, after the
 * message in flight, before the database is closed by the caller.
 */
function mailPlugin(
  app: FastifyInstance,
  options: MailPluginOptions,
  done: (error?: Error) => void,
): void {
  const transport = options.smtpUrl
    ? smtpTransport(options.smtpUrl)
    : outboxTransport(outboxDir(options.dataDir));
  const mailer = new MailQueue({
    db: app.db,
    transport,
    from: options.mailFrom,
    log: app.log.child({ component: 'mail' }),
    ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
  });
  app.decorate('mailer', mailer);
  app.addHook('onReady', (hookDone) => {
    mailer.start();
    hookDone();
  });
  app.addHook('onClose', async () => {
    await mailer.stop();
    transport.close();
  });
  done();
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['db'], fastify: '5.x' });
