import type { Language } from '@cadran/domain/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { sitePageUrl, type MailBrand } from '../../mail/templates';
import type { RateLimiter } from '../../plugins/rate-limit';
import { confirmationMail } from './emails';
import { confirmSubscriber, findSubscriber, upsertPendingSubscriber } from './repository';
import {
  CONFIRMATION_TOKEN_TTL_MS,
  signConfirmationToken,
  verifyConfirmationToken,
  type TokenCheck,
} from './token';

export interface NewsletterDeps {
  db: Database;
  mailer: Pick<Mailer, 'enqueue'>;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  sessionSecret: string;
  /** The site's address (the link) and the mail's footer. */
  brand: MailBrand;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * Confirmation mails per address and day. The per-IP limit of the route stops one visitor;
 * this stops many addresses from mail-bombing a single inbox through our sign-up form.
 */
export const CONFIRMATION_MAILS_PER_ADDRESS = { max: 3, windowMs: 24 * 60 * 60 * 1000 };

/**
 * The page of the web app that receives the link (apps/web route /newsletter/confirm), in the
 * subscriber's language.
 */
export const confirmationUrl = (publicUrl: string, token: string, lang: Language): string =>
  `${sitePageUrl({ publicUrl }, lang, '/newsletter/confirm')}?token=${encodeURIComponent(token)}`;

export type SubscribeOutcome = 'confirmation_sent' | 'already_confirmed' | 'mail_budget_spent';

/**
 * Newsletter sign-up with double opt-in (docs/product.md 'Newsletter'). The address is stored
 * pending and a signed link is mailed; only that link
 * makes the subscription real. Every outcome gets the same answer, so the form never tells a
 * stranger whether an address is already subscribed.
 */
export async function subscribe(
  deps: NewsletterDeps,
  email: string,
  locale: Language,
): Promise<SubscribeOutcome> {
  const { subscriber } = await upsertPendingSubscriber(deps.db, email, locale);
  if (subscriber.status === 'confirmed') return 'already_confirmed';

  const budget = await deps.rateLimiter.hit(
    `newsletter-confirmation:${subscriber.id}`,
    CONFIRMATION_MAILS_PER_ADDRESS,
  );
  if (!budget.allowed) {
    deps.log.warn({ subscriberId: subscriber.id }, 'newsletter confirmation mail budget spent');
    return 'mail_budget_spent';
  }

  const now = deps.now?.() ?? new Date();
  const token = signConfirmationToken(
    deps.sessionSecret,
    subscriber.id,
    new Date(now.getTime() + CONFIRMATION_TOKEN_TTL_MS),
  );
  await deps.mailer.enqueue(
    await confirmationMail(
      subscriber.email,
      subscriber.locale,
      confirmationUrl(deps.brand.publicUrl, token, subscriber.locale),
      deps.brand,
    ),
  );
  return 'confirmation_sent';
}

export type ConfirmOutcome =
  | { confirmed: true }
  | { confirmed: false; reason: Extract<TokenCheck, { valid: false }>['reason'] | 'unknown' };

/**
 * Confirms the address a signed link names. A forged, expired or unknown link changes
 * nothing; an unsubscribed address is not brought back by an old link either.
 */
export async function confirm(deps: NewsletterDeps, token: string): Promise<ConfirmOutcome> {
  const check = verifyConfirmationToken(deps.sessionSecret, token, deps.now?.() ?? new Date());
  if (!check.valid) return { confirmed: false, reason: check.reason };
  const subscriber = await findSubscriber(deps.db, check.subscriberId);
  if (!subscriber || subscriber.status === 'unsubscribed') {
    return { confirmed: false, reason: 'unknown' };
  }
  await confirmSubscriber(deps.db, subscriber.id);
  return { confirmed: true };
}
