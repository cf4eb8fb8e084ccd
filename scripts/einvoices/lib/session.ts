import { randomUUID } from 'node:crypto';
import { codeAt } from '../../../apps/server/src/modules/auth/second-factor/totp';

/**
 * The site as a browser uses it, over real HTTP: a session cookie set by the sign-in answer,
 * and on every write the proofs the CSRF guard asks of our own pages (a JSON body and the
 * site's Origin). Each visitor has its own client address (the server trusts loopback
 * proxies), so per-address limits count each buyer apart.
 */

export type Language = 'fr' | 'en';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
}

let visitors = 0;

export class Session {
  private cookie = '';
  readonly ip: string;

  constructor(
    readonly base: string,
    readonly language: Language,
  ) {
    visitors += 1;
    this.ip = `127.0.${(visitors >> 8) & 255}.${visitors & 255 || 1}`;
  }

  async request(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {
      'accept-language': this.language === 'en' ? 'en-GB,en;q=0.9' : 'fr-FR,fr;q=0.9',
      'x-forwarded-for': this.ip,
      ...(this.cookie ? { cookie: this.cookie } : {}),
    };
    if (method !== 'GET') {
      headers.origin = this.base;
      headers['content-type'] = 'application/json';
      if (path.endsWith('/orders') || path.endsWith('/renew'))
        headers['idempotency-key'] = randomUUID();
    }
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      signal: AbortSignal.timeout(60_000),
      ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
    });
    const session = res.headers
      .getSetCookie()
      .map((line) => line.split(';', 1)[0] ?? '')
      .find((pair) => /^[^=]*session[^=]*=./.test(pair));
    if (session) this.cookie = session;
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A PDF or a page.
    }
    return { status: res.status, body: parsed, text };
  }

  /** The request, which must answer `status`; its JSON body. */
  async expect(
    status: number,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    const answer = await this.request(method, path, body);
    if (answer.status !== status) {
      throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 400)}`);
    }
    return answer.body;
  }

  get = (path: string) => this.expect(200, 'GET', path);
}

export interface Buyer {
  session: Session;
  email: string;
}

/** A new account registered and signed in, as the registration page does. */
export async function registerBuyer(
  base: string,
  language: Language,
  name: string,
): Promise<Buyer> {
  const session = new Session(base, language);
  const email = `${name}.${randomUUID().slice(0, 8)}@exemple.fr`;
  const password = `Facture-${randomUUID().slice(0, 8)}-X`;
  await session.expect(201, 'POST', '/api/v1/website/auth/register', {
    firstname: 'Camille',
    lastname: 'Durand',
    email,
    company: '',
    phone: '+33 6 12 34 56 78',
    address: '3 place Bellecour',
    postal_code: '69002',
    city: 'Lyon',
    country: 'FR',
    password,
  });
  await session.expect(200, 'POST', '/api/v1/website/auth/login', { email, password });
  return { session, email };
}

/**
 * A staff member made from the shell signs in, sets up an authenticator (its secret and a
 * first code) and proves it for this session, as the back office's sign-in does.
 */
export async function signInStaff(
  base: string,
  account: { email: string; password: string },
): Promise<Session> {
  const session = new Session(base, 'fr');
  await session.expect(200, 'POST', '/api/v1/website/auth/login', account);
  const started = await session.expect(201, 'POST', '/api/v1/admin/second-factor/enrolment');
  const secret = String(started.secret);
  await session.expect(200, 'POST', '/api/v1/admin/second-factor/enrolment/confirm', {
    code: codeAt(secret, new Date()),
  });
  const status = await session.get('/api/v1/admin/second-factor');
  if (status.verified !== true) throw new Error('the staff session is not verified');
  return session;
}
