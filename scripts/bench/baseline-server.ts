import Fastify from 'fastify';

/**
 * The bare Fastify baseline of the API benchmark (docs/quality.md 'API'): one route answering a
 * small JSON object, default options (no logger), the same Fastify the server uses. Run in its own
 * process by api.ts so it competes for the CPU exactly as the real server does.
 */
const app = Fastify();
app.get('/', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
