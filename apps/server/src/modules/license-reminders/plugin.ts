import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailBrand } from '../../mail/templates';
import { LICENSE_REMINDERS_CRON, LICENSE_REMINDERS_JOB } from './job';
import { sendDueReminders, type SweepResult } from './sweep';

declare module 'fastify' {
  interface FastifyInstance {
    licenseReminders: { sendDue: () => Promise<SweepResult> };
  }
}

/**
 * Licence reminders (docs/decisions/017-licence-reminders.md): the sweep runs as a scheduled
 * job of the job queue, at the licences module's clock; the e-mails it writes leave through
 * the mail worker, woken after each run that wrote some.
 */
function licenseRemindersPlugin(
  app: FastifyInstance,
  _options: unknown,
  done: (error?: Error) => void,
): void {
  const deps = {
    db: app.db,
    brand: mailBrand(app.config),
    warn: (facts: object, message: string) => app.log.warn(facts, message),
  };
  const sendDue = async () => {
    const result = await sendDueReminders(deps, app.licenses.now());
    if (result.sent > 0) app.mailer.wake();
    return result;
  };
  app.decorate('licenseReminders', { sendDue });
  app.jobs.register(
    LICENSE_REMINDERS_JOB,
    async (_payload, job) => {
      const result = await sendDue();
      if (result.sent > 0 || result.alreadySent > 0) job.log.info(result, 'licence reminders sent');
    },
    { cron: LICENSE_REMINDERS_CRON },
  );
  done();
}

export default fp(licenseRemindersPlugin, {
  name: 'license-reminders',
  dependencies: ['db', 'jobs', 'mail', 'licenses'],
  fastify: '5.x',
});
