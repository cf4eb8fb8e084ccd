import { ContactMessageSchema } from '@cadran/domain/contact';
import { successEnvelope } from '@cadran/domain/api';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { mailBrand } from '../../mail/templates';
import { receiveContactMessage } from './service';

/** Far above the longest valid message (5000 characters plus fields), far below the app limit. */
export const CONTACT_BODY_LIMIT_BYTES = 32 * 1024;

/** Per client IP, shared by both paths: a person never sends six messages in ten minutes. */
export const CONTACT_RATE_LIMIT = { name: 'contact', max: 5, windowMs: 10 * 60 * 1000 };

const ContactSentSchema = successEnvelope({ message: z.string() });

/**
 * Contact form intake (POST /website/contact, also served under /api/v1;
 * docs/product.md 'Contact'). The same shared schema as the form validates the body (400 with field
 * errors); the rate limit runs on onRequest, before the body is read, and oversized bodies stop at
 * the body limit (413).
 */
const contactRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const limit = app.rateLimiter.hook(CONTACT_RATE_LIMIT);

  for (const url of ['/website/contact', '/api/v1/website/contact']) {
    app.post(
      url,
      {
        bodyLimit: CONTACT_BODY_LIMIT_BYTES,
        onRequest: limit,
        schema: {
          tags: ['contact'],
          summary: 'Send a message to the Cadran team',
          body: ContactMessageSchema,
          response: { 200: ContactSentSchema },
        },
      },
      async (request) => {
        const locale = requestLanguage(request);
        await receiveContactMessage(
          {
            db: app.db,
            mailer: app.mailer,
            brand: mailBrand(app.config),
            log: request.log,
          },
          request.body,
          { ip: request.ip, userAgent: request.headers['user-agent'], locale },
        );
        // The same answer whether the message was stored or dropped by the honeypot.
        return { success: true as const, message: localize('contact.sent', locale) };
      },
    );
  }
  done();
};

export default contactRoutes;
