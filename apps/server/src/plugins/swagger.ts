import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document generated from the routes' zod schemas (ARCHITECTURE.md 'Server'), served
 * as JSON at /api/docs/json and browsable at /api/docs. Must be registered before the routes.
 */
async function swagger(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
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
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // No call to the public validator service: the page stays offline and within the CSP.
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
  });
}

export default fp(swagger, { name: 'swagger', fastify: '5.x' });
