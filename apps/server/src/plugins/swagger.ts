import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { contentSecurityPolicy } from './security-headers';

/**
 * The one inline style the reference's page applies as it draws itself (Swagger UI's own,
 * always the same text): allowed by its hash on that page alone, so the page loads without a
 * refusal while every other page keeps refusing any inline style.
 */
export const API_DOCS_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

const docsPolicy = (publicUrl: string): string =>
  contentSecurityPolicy(publicUrl).replace(
    "style-src 'self'",
    `style-src 'self' 'unsafe-hashes' ${API_DOCS_STYLE_HASH}`,
  );

/**
 * OpenAPI document generated from the routes' zod schemas. Must be registered before the
 * routes. With `browsable` it is served as JSON at /api/docs/json and as a page at /api/docs;
 * without, those paths do not exist (the production default: the reference documents the
 * admin API), while `app.swagger()` still builds the document for the server's own checks.
 */
async function swagger(
  app: FastifyInstance,
  options: { publicUrl: string; browsable: boolean },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cadran storefront API',
        description: 'Public website and licence store of Cadran CMS.',
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  if (!options.browsable) return;
  const policy = docsPolicy(options.publicUrl);
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // After the site-wide headers (onRequest of the app), the page's own policy replaces them;
    // the OpenAPI document itself (JSON or YAML) draws nothing and keeps the strict policy.
    uiHooks: {
      onRequest: (request, reply, done) => {
        if (!/\/(json|yaml)$/.test(request.url.split('?')[0] ?? '')) {
          reply.header('content-security-policy', policy);
        }
        done();
      },
    },
    // No call to the public validator service: the page stays offline and within the CSP.
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
  });
}

export default fp(swagger, { name: 'swagger', fastify: '5.x' });
