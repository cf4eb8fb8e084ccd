import type { FastifyBaseLogger } from 'fastify';
import type { Account } from './repository';

/**
 * What other modules do once an account is created, without the sign-in module knowing them:
 * the account module mails the address's confirmation link (docs/product.md 'Accounts and
 * sessions' ('Register')). A listener that fails is logged and never undoes the registration:
 * the owner can ask for the link again.
 */
export type RegistrationListener = (account: Account) => Promise<void>;

export class RegistrationListeners {
  private readonly listeners: RegistrationListener[] = [];

  add(listener: RegistrationListener): void {
    this.listeners.push(listener);
  }

  async announce(account: Account, log: FastifyBaseLogger): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(account);
      } catch (error) {
        log.warn({ err: error, userId: account.id }, 'a step after registration failed');
      }
    }
  }
}
