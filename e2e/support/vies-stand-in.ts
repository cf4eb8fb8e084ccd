import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VIES_REGISTERED } from './shop-data';

/**
 * A local stand-in for the European Commission's VIES REST service (check-vat-number), so the
 * journeys never reach the internet and a German buyer's number can be confirmed, as the
 * reverse charge requires: the numbers of VIES_REGISTERED are valid, every other is not. It
 * answers the request shape the server's client sends (docs/decisions/014-vies-and-promo-redemptions.md).
 */
export async function startViesStandIn(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      let body: { countryCode?: unknown; vatNumber?: unknown } = {};
      try {
        body = JSON.parse(raw || '{}') as typeof body;
      } catch {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] }),
        );
        return;
      }
      const number = `${String(body.countryCode)}${String(body.vatNumber)}`;
      const valid = VIES_REGISTERED.includes(number);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          countryCode: body.countryCode,
          vatNumber: body.vatNumber,
          requestDate: new Date().toISOString(),
          valid,
          requestIdentifier: valid ? `WAPIE2E${Date.now()}` : '',
          name: valid ? 'ATELIER MARTIN GMBH' : '---',
          address: '---',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/check-vat-number`, server };
}
