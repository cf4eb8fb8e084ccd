import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // No call to the public validator service: the page stays offline and within the CSP.
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
  });
}

export default fp(swagger, { name: 'swagger', fastify: '5.x' });
