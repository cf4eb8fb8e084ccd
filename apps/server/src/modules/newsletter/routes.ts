import { successEnvelope } from '@cadran/domain/api';
import { NewsletterSubscribeSchema } from '@cadran/domain/contact';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { isDeliverableAddress } from '../../mail/queue';
import { mailBrand } from '../../mail/templates';
import { confirm, subscribe, type NewsletterDeps } from './service';
import { CONFIRMATION_TOKEN_MAX_LENGTH } from './token';

/** Per client IP: a household or an office signs up a few addresses, not dozens. */
export const NEWSLETTER_RATE_LIMIT = { name: 'newsletter', max: 10, windowMs: 10 * 60 * 1000 };
export const NEWSLETTER_CONFIRM_RATE_LIMIT = {
  name: 'newsletter-confirm',
  max: 20,
  windowMs: 10 * 60 * 1000,
};
const SMALL_BODY_LIMIT_BYTES = 4 * 1024;

const NewsletterConfirmSchema = z.object(
  {
    token: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(CONFIRMATION_TOKEN_MAX_LENGTH, { error: 'validation.too_long' }),
  },
  { error: 'validation.invalid' },
);

const MessageAnswerSchema = successEnvelope({ message: z.string() });

/**
 * Newsletter sign-up (docs/product.md 'Newsletter') with double opt-in:
 * POST /api/v1/website/newsletter stores the address and mails a signed link to
 * /newsletter/confirm, whose page posts the token to POST /api/v1/website/newsletter/confirm.
 */
const newsletterRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const deps = (log: NewsletterDeps['log']): NewsletterDeps => ({
    db: app.db,
    mailer: app.mailer,
    rateLimiter: app.rateLimiter,
    sessionSecret: app.config.sessionSecret,
    brand: mailBrand(app.config),
    log,
  });

  app.post(
    '/api/v1/website/newsletter',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      onRequest: app.rateLimiter.hook(NEWSLETTER_RATE_LIMIT),
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an address; a confirmation link is mailed to it',
        body: NewsletterSubscribeSchema,
        response: { 200: MessageAnswerSchema },
      },
    },
    async (request) => {
      const language = request.body.locale ?? requestLanguage(request);
      if (!isDeliverableAddress(request.body.email)) {
        throw new HttpError(400, 'newsletter.email.invalid', {
          fieldErrors: { email: ['newsletter.email.invalid'] },
        });
      }
      await subscribe(deps(request.log), request.body.email, language);
      return {
        success: true as const,
        message: localize('newsletter.success', language),
      };
    },
  );

  app.post(
    '/api/v1/website/newsletter/confirm',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      onRequest: app.rateLimiter.hook(NEWSLETTER_CONFIRM_RATE_LIMIT),
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm a subscription with the signed token of its mail',
        body: NewsletterConfirmSchema,
        response: { 200: MessageAnswerSchema },
      },
    },
    async (request) => {
      const outcome = await confirm(deps(request.log), request.body.token);
      if (!outcome.confirmed) {
        request.log.info({ reason: outcome.reason }, 'newsletter confirmation refused');
        throw new HttpError(400, 'server.newsletter_link_invalid');
      }
      return {
        success: true as const,
        message: localize('server.newsletter_confirmed', requestLanguage(request)),
      };
    },
  );
  done();
};

export default newsletterRoutes;
