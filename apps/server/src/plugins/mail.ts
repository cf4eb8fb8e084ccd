import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { carryOverLegacyMail } from '../mail/legacy-queue';
import { deliverMail, MAIL_JOB, type StoredAttachmentReader } from '../mail/job';
import { Mailer } from '../mail/mailer';
import { outboxTransport, smtpTransport } from '../mail/transport';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailPluginOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
  /** Reads the stored documents (invoice PDFs) that messages attach by id. */
  readStoredAttachment?: StoredAttachmentReader;
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/**
 * `app.mailer.enqueue(...)` for every feature that sends mail, delivered by the job runner
 * (mail is one kind of job, MAIL_JOB). SMTP when SMTP_URL is set, otherwise .eml files in
 * DATA_DIR/outbox.
 */
function mailPlugin(
  app: FastifyInstance,
  options: MailPluginOptions,
  done: (error?: Error) => void,
): void {
  const transport = options.smtpUrl
    ? smtpTransport(options.smtpUrl)
    : outboxTransport(outboxDir(options.dataDir));
  app.jobs.register(
    MAIL_JOB,
    deliverMail(transport, options.mailFrom, options.readStoredAttachment),
  );
  app.decorate('mailer', new Mailer(app.db, app.jobs));
  // Mail queued by the hand-written queue before the switch to the job runner.
  app.addHook('onReady', async () => {
    const moved = await carryOverLegacyMail(app.db);
    if (moved > 0) {
      app.log.info({ moved }, 'pending mail of the former queue moved to the job queue');
      app.mailer.wake();
    }
  });
  app.addHook('onClose', async () => {
    // Whatever order Fastify closes plugins in, no delivery may run on a closed transport.
    await app.jobs.stop();
    transport.close();
  });
  done();
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['db', 'jobs'], fastify: '5.x' });
