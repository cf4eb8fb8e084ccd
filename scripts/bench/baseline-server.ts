import Fastify from 'fastify';

/**
 * The bare Fastify baseline of the API benchmark (docs/quality.md 'API'): one route answering a
 * small JSON object, default options (no logger), the same Fastify the server uses. Run in its own
 * process by api.ts so it competes for the CPU exactly as the real server does.
 *
 * A second pair of routes answers, byte for byte, a body that api.ts took from a measured
 * answer (`PUT /bodies/:name`, then `GET /bodies/:name`): the baseline of the same answer. The
 * same bytes, not only the same size: the load generator decodes every body it receives into
 * a string, and a compressed body (bytes that are not text) costs it several times what a text
 * body of the same size does, so only the very bytes compare like with like.
 */
const app = Fastify({ bodyLimit: 10_000_000 });
app.get('/', () => ({ hello: 'world' }));

const bodies = new Map<string, { bytes: Buffer; type: string; encoding: string | undefined }>();
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
app.put<{ Params: { name: string }; Body: Buffer }>('/bodies/:name', (request, reply) => {
  const encoding = request.headers['x-content-encoding'];
  bodies.set(request.params.name, {
    bytes: request.body,
    type: request.headers['content-type'] ?? 'application/octet-stream',
    encoding: typeof encoding === 'string' ? encoding : undefined,
  });
  return reply.code(204).send();
});
app.get<{ Params: { name: string } }>('/bodies/:name', (request, reply) => {
  const body = bodies.get(request.params.name);
  if (!body) return reply.code(404).send();
  if (body.encoding) reply.header('content-encoding', body.encoding);
  return reply.type(body.type).send(body.bytes);
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
