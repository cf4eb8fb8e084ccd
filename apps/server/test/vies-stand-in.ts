import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the European Commission's VIES REST service (check-vat-number): answers
 * as VIES does, so the server's client is tested without the internet. Each number's fate is
 * set by the test: registered, not registered, the member state's register down (VIES answers an
 * error status), or no answer before the client's time-out.
 */
export type ViesFate = 'valid' | 'invalid' | 'down' | 'slow';

export class ViesStandIn {
  readonly requests: { countryCode: string; vatNumber: string }[] = [];
  private readonly fates = new Map<string, ViesFate>();
  private server: Server | undefined;
  url = '';

  /** `number` is the full normalised number ("DE136695976"). Unknown numbers are invalid. */
  set(number: string, fate: ViesFate): this {
    this.fates.set(number, fate);
    return this;
  }

  requestsFor(number: string): number {
    return this.requests.filter((r) => `${r.countryCode}${r.vatNumber}` === number).length;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const body = JSON.parse(raw || '{}') as { countryCode: string; vatNumber: string };
        this.requests.push(body);
        const fate = this.fates.get(`${body.countryCode}${body.vatNumber}`) ?? 'invalid';
        const send = (status: number, payload: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(payload));
        };
        if (fate === 'slow') {
          setTimeout(() => send(200, { valid: true }), 3_000).unref();
          return;
        }
        if (fate === 'down') {
          send(500, { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] });
          return;
        }
        send(200, {
          countryCode: body.countryCode,
          vatNumber: body.vatNumber,
          requestDate: new Date().toISOString(),
          valid: fate === 'valid',
          requestIdentifier: fate === 'valid' ? `WAPIAAAAW${this.requests.length}` : '',
          name: fate === 'valid' ? 'ATELIER MARTIN GMBH' : '---',
          address: '---',
        });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/check-vat-number`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** The settings that point the server at this stand-in, with a short time-out. */
  env(): Record<string, string> {
    return { VIES_ENABLED: 'true', VIES_URL: this.url, VIES_TIMEOUT_MS: '300' };
  }
}
