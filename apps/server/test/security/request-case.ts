import fc from 'fast-check';
import { CONTENT_TYPES, INVALID_JSON_TEXTS, hostileValue, nastyString } from './hostile-values';
import type { RouteInfo } from './route-inventory';
import { nearlyValid, valueFor } from './schema-arbitrary';

/**
 * One generated request against one route: who sends it, its path parameters, query string,
 * headers and body. The fuzzer turns it into `app.inject` options.
 */

export type Identity = 'anonymous' | 'client' | 'admin';
/** Cookie sessions come with the same-origin headers of our own pages, so CSRF lets them in. */
export type Transport = 'cookie' | 'bearer';

export type CaseBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | null; payload: string };

export interface RequestCase {
  identity: Identity;
  transport: Transport;
  params: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  body: CaseBody;
}

/** Values taken from the database that make a path parameter name something real. */
export interface KnownValues {
  ids: string[];
}

const encode = (value: string): string => {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be percent-encoded: send its replacement instead.
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
};

/**
 * A generated value as path text. Without a schema (HEAD twins) the value can be anything,
 * including an object without a prototype, which String() cannot convert.
 */
function asPathText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function paramArbitrary(route: RouteInfo, name: string, known: KnownValues): fc.Arbitrary<string> {
  const fromSchema = valueFor(route.paramSchemas[name]).map((value) => encode(asPathText(value)));
  const real = known.ids.length > 0 ? fc.constantFrom(...known.ids) : fc.uuid();
  return fc.oneof(
    { weight: 2, arbitrary: real },
    { weight: 2, arbitrary: fromSchema },
    { weight: 3, arbitrary: nastyString().map(encode) },
    // Raw, badly encoded sequences go to the router and decoder as they are.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '%C0%AF',
        '..',
        '%2e%2e%2f',
        '%00',
        '-1',
        '1.5',
        '99999999999999999999',
      ),
    },
  );
}

const queryKey = fc.oneof(
  fc.constantFrom(
    'lang',
    'error',
    'cycle',
    'page',
    'limit',
    'token',
    'email',
    'id',
    '__proto__',
    'constructor[prototype][polluted]',
    '__proto__[polluted]',
    'a[b][c][d]',
    'a[]',
    '',
  ),
  fc.string({ maxLength: 12 }),
);

/** A raw query string: encoded or not, repeated keys, pollution keys, garbage escapes. */
function queryArbitrary(route: RouteInfo): fc.Arbitrary<string> {
  const pairs = fc
    .array(fc.tuple(queryKey, fc.oneof(nastyString(), fc.constant('')), fc.boolean()), {
      maxLength: 6,
    })
    .map((entries) =>
      entries
        .map(([key, value, raw]) =>
          raw ? `${key}=${value.replace(/[#\s]/g, '')}` : `${encode(key)}=${encode(value)}`,
        )
        .join('&'),
    );
  const documented = route.query
    ? nearlyValid(route.query).map((value) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? Object.entries(value as Record<string, unknown>)
              .map(
                ([key, item]) =>
                  `${encode(key)}=${encode(typeof item === 'string' ? item : (JSON.stringify(item) ?? ''))}`,
              )
              .join('&')
          : encode(JSON.stringify(value) ?? ''),
      )
    : fc.constant('');
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 2, arbitrary: pairs },
    { weight: 2, arbitrary: documented },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '&&&', '=', '?', 'a=%E0%A4%A', `x=${'y'.repeat(20_000)}`),
    },
  );
}

/** Header values a real HTTP parser lets through: printable Latin-1, no line breaks. */
const headerValue = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'null',
    '*',
    'x'.repeat(8000),
    'é',
    'Bearer',
    'Bearer ',
    'Bearer a b',
    'Basic YWRtaW46YWRtaW4=',
    'cadran_session=',
    'cadran_session=%%%; cadran_session=x',
    'cadran_session="\\"',
    '__proto__=1; constructor=2',
    'fr-FR,fr;q=0.9,en;q=0.8',
    'en;q=abc,*;q=-1',
    'zz-ZZ',
    '1.2.3.4, 999.1.1.1, ::1, garbage',
    'http://evil.example',
    'null',
    'same-origin',
    'cross-site',
    'W/"abc"',
    '"*"',
    'br;q=1, gzip',
    'bytes=0-1,5-',
    'CAD-2024-ABCDEFGH',
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map((value) => value.replace(/[\r\n]/g, '')),
);

const HEADER_NAMES = [
  'accept-language',
  'idempotency-key',
  'authorization',
  'cookie',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
  'origin',
  'referer',
  'sec-fetch-site',
  'if-none-match',
  'if-modified-since',
  'accept',
  'accept-encoding',
  'range',
  'user-agent',
  'x-request-id',
  'x-http-method-override',
  'host',
  'upgrade',
  'connection',
  'stripe-signature',
  'paypal-transmission-sig',
];

const headersArbitrary = fc.dictionary(fc.constantFrom(...HEADER_NAMES), headerValue, {
  maxKeys: 4,
});

function bodyArbitrary(route: RouteInfo): fc.Arbitrary<CaseBody> {
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v): CaseBody => ({ kind: 'json', value: v }));
  return fc.oneof(
    { weight: 6, arbitrary: json(nearlyValid(route.body)) },
    { weight: 2, arbitrary: json(hostileValue()) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...INVALID_JSON_TEXTS)
        .map((payload): CaseBody => ({ kind: 'raw', contentType: 'application/json', payload })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...CONTENT_TYPES),
          fc.oneof(
            fc.constant('email=a%40b.fr&password=x'),
            valueFor(route.body).map((v) => JSON.stringify(v) ?? 'null'),
          ),
        )
        .map(([contentType, payload]): CaseBody => ({
          kind: 'raw',
          contentType: contentType || null,
          payload,
        })),
    },
    { weight: 1, arbitrary: fc.constant<CaseBody>({ kind: 'none' }) },
  );
}

export function requestCaseArbitrary(
  route: RouteInfo,
  known: KnownValues,
  identities: readonly Identity[],
): fc.Arbitrary<RequestCase> {
  const params = fc.record(
    Object.fromEntries(route.params.map((name) => [name, paramArbitrary(route, name, known)])),
  );
  return fc.record({
    identity: fc.constantFrom(...identities),
    transport: fc.constantFrom<Transport>('cookie', 'cookie', 'bearer'),
    params,
    query: queryArbitrary(route),
    headers: headersArbitrary,
    body: bodyArbitrary(route),
  });
}

/** A short, readable account of a case for failure messages. */
export function describeCase(c: RequestCase): string {
  const text = JSON.stringify(c, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 120
      ? `${value.slice(0, 120)}…(${value.length} chars)`
      : value,
  );
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}
