import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAIL_LOGO_PATH } from '../mail/templates/brand';

/**
 * Security headers on every answer: API JSON, the SPA, static files and errors alike.
 * The CSP allows no inline script and no inline style (the SPA and the /client page ship
 * their CSS and JS as files); sockets may only reach this site's own origin, which is where
 * the realtime channel of the roadmap lives.
 */
export interface SecurityHeadersOptions {
  publicUrl: string;
  isProduction: boolean;
}

export function contentSecurityPolicy(publicUrl: string): string {
  const origin = new URL(publicUrl);
  const socketOrigin = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${socketOrigin}`,
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The headers every answer carries; also used for errors the router raises before any hook. */
export function securityHeaderValues(options: SecurityHeadersOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options.publicUrl),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  // HSTS only in production: on a development http://127.0.0.1 it would pin browsers to https.
  if (options.isProduction)
    headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

function securityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
  done: (error?: Error) => void,
): void {
  const headers = securityHeaderValues(options);
  // onRequest rather than onSend: set before any handler runs, so answers that bypass the
  // serialisation pipeline (static file streams, errors) carry them too.
  app.addHook('onRequest', (request, reply, hookDone) => {
    reply.headers(headers);
    // The e-mails' logo is shown by mail clients on their own origins (webmail): that one asset
    // may be embedded anywhere; everything else stays same-origin.
    if (request.url.split('?')[0] === MAIL_LOGO_PATH) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    hookDone();
  });
  done();
}

export default fp(securityHeaders, { name: 'security-headers', fastify: '5.x' });
