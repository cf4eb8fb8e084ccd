import Fastify from 'fastify';

/**
 * The bare Fastify baseline of the API benchmark (docs/quality.md 'API'): one route answering a
 * small JSON object, default options (no logger), the same Fastify the server uses. Run in its own
 * process by api.ts so it competes for the CPU exactly as the real server does. A second route
 * answers a body of `:size` bytes made once, as a prepared answer is: the baseline of the same
 * size as a measured answer, since sending a 7 kB body costs more than sending 17 bytes.
 */
const app = Fastify();
app.get('/', () => ({ hello: 'world' }));
const bodies = new Map<number, Buffer>();
app.get<{ Params: { size: string } }>('/bytes/:size', (request, reply) => {
  const size = Math.min(Math.max(Number(request.params.size) || 0, 16), 1_000_000);
  let body = bodies.get(size);
  if (!body) {
    body = Buffer.from(`{"pad":"${'x'.repeat(size - 10)}"}`);
    bodies.set(size, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
