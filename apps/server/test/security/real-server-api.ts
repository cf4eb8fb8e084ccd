import { validRegistration } from '@cadran/domain/test-fixtures';
import { codeAt } from '../../src/modules/auth/second-factor/totp';
import { billing } from '../orders-helpers';
import { rememberSecret } from './secrets';

/**
 * Plain fetch calls to a running server, as a script outside the browser would make them.
 * Each call claims its own loopback client address (the server trusts loopback proxies), so
 * the per-address limits of one call never fall on the next.
 */

let ipCounter = 0;
const nextLoopbackIp = () => {
  ipCounter += 1;
  return `127.${20 + ((ipCounter >> 16) & 63)}.${(ipCounter >> 8) & 255}.${ipCounter & 255 || 1}`;
};

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {
    'x-forwarded-for': nextLoopbackIp(),
    ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON (HTML, files): the caller reads `text`.
  }
  return { status: res.status, headers: res.headers, body, text };
}

export async function registerClient(
  base: string,
  overrides: Record<string, unknown>,
): Promise<{ token: string; email: string }> {
  const email = `client.${Math.random().toString(36).slice(2, 10)}@exemple.fr`;
  const password = `Sablier-${Math.random().toString(36).slice(2, 10)}-42`;
  rememberSecret(password);
  const res = await call(base, 'POST', '/api/v1/website/auth/register', {
    body: {
      ...validRegistration,
      email,
      company: '',
      password,
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  const token = String(res.body.token);
  rememberSecret(token);
  return { token, email };
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await call(base, 'POST', '/api/v1/website/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${res.text}`);
  const token = String(res.body.token);
  rememberSecret(token);
  return token;
}

/**
 * A staff member signed in as production asks: password, then an authenticator enrolled and
 * proved for this session (docs/product.md 'Back office' ('Staff sign-in')).
 */
export async function signInStaff(base: string, email: string, password: string): Promise<string> {
  const token = await signIn(base, email, password);
  const started = await call(base, 'POST', '/api/v1/admin/second-factor/enrolment', { token });
  if (started.status !== 201) throw new Error(`enrolment: ${started.status} ${started.text}`);
  const secret = String(started.body.secret);
  rememberSecret(secret);
  const confirmed = await call(base, 'POST', '/api/v1/admin/second-factor/enrolment/confirm', {
    token,
    body: { code: codeAt(secret, new Date()) },
  });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${confirmed.text}`);
  return token;
}

export async function firstTemplateId(base: string): Promise<number> {
  const res = await call(base, 'GET', '/api/v1/website/templates');
  const templates = res.body.templates as Array<{ id: number }> | undefined;
  const first = templates?.[0];
  if (!first) throw new Error(`no template: ${res.text.slice(0, 200)}`);
  return first.id;
}

export async function placeOrder(
  base: string,
  token: string,
  templateId: number,
  address: Record<string, string>,
  notes: string,
): Promise<{ number: string; id: string }> {
  const res = await call(base, 'POST', '/api/v1/website/orders', {
    token,
    body: {
      items: [
        {
          template_id: templateId,
          quantity: 1,
          customizations: { primary_domain: 'atelier-martin.fr', additional_domains_list: [] },
        },
      ],
      billing_address: billing({ company: '', ...address }),
      payment_method: 'bank_transfer',
      notes,
    },
  });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${res.text}`);
  const order = res.body.order as { order_number: string; id: string };
  return { number: order.order_number, id: order.id };
}
