import { validRegistration } from '@cadran/domain/test-fixtures';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Shared requests and payloads of the auth suites. */

export const AUTH = '/api/v1/website/auth';

let counter = 0;
/** A distinct client address, so per-IP limits of one test never reach another. */
export const nextIp = (): string => {
  counter += 1;
  return `198.51.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
};

/** The shared test buyer (packages/domain/src/test-fixtures.ts) under a fresh e-mail. */
export const registration = (overrides: Record<string, unknown> = {}) => ({
  ...validRegistration,
  email: `camille.${Math.random().toString(36).slice(2, 10)}@exemple.fr`,
  password: 'Sablier-Horloge-42',
  ...overrides,
});

export interface SentCookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

export const cookiesOf = (res: LightMyRequestResponse): SentCookie[] => res.cookies;

export const cookieNamed = (res: LightMyRequestResponse, name: string): SentCookie | undefined =>
  cookiesOf(res).find((cookie) => cookie.name === name);

/** The headers a page of our own origin sends with a state-changing fetch. */
export const sameOrigin = (app: FastifyInstance) => ({
  origin: app.config.publicUrl,
  'content-type': 'application/json',
});

export async function register(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const payload = registration(overrides);
  const res = await app.inject({
    method: 'POST',
    url: `${AUTH}/register`,
    remoteAddress: nextIp(),
    headers,
    payload,
  });
  return { res, payload, body: res.json<{ token: string; user: { id: string; email: string } }>() };
}

export function login(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
  remoteAddress = nextIp(),
) {
  return app.inject({
    method: 'POST',
    url: `${AUTH}/login`,
    remoteAddress,
    headers,
    payload,
  });
}

export const me = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `${AUTH}/me`, headers });

export const sessionCookie = (token: string) => ({ cookie: `cadran_session=${token}` });
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
