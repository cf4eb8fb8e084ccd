import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailBrand } from '../../mail/templates';
import type { AccountDeps } from './deps';
import { mailSignupConfirmation } from './email-confirmation';
import { mailPasswordReset, PASSWORD_RESET_JOB } from './password-reset';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the account use cases work with (./deps.ts). */
    accountDeps: AccountDeps;
  }
}

export interface AccountPluginOptions {
  /** The clock of link lifetimes; tests move it. */
  now?: () => Date;
}

/**
 * Account management (docs/product.md 'Accounts and sessions'): builds the use cases'
 * dependencies once, runs the forgotten-password job and mails the confirmation link of every
 * new account.
 */
function accountPlugin(
  app: FastifyInstance,
  options: AccountPluginOptions,
  done: (error?: Error) => void,
): void {
  const deps: AccountDeps = {
    db: app.db,
    brand: mailBrand(app.config),
    now: options.now ?? (() => new Date()),
    wakeMail: () => app.mailer.wake(),
  };
  app.decorate('accountDeps', deps);
  app.jobs.register(PASSWORD_RESET_JOB, async ({ email }) => {
    await mailPasswordReset(deps, email);
  });
  app.registrationListeners.add(async (account) => {
    await mailSignupConfirmation(deps, account);
  });
  done();
}

export default fp(accountPlugin, {
  name: 'account',
  dependencies: ['db', 'jobs', 'mail', 'auth'],
  fastify: '5.x',
});
