import fc from 'fast-check';

/**
 * Values an attacker or a broken client sends (docs/quality.md 'Security'): wrong types, huge and
 * strange strings, deep JSON, prototype-pollution keys. Shared by the route fuzzer and the
 * attacker checks.
 */

/** Keys that pollute prototypes when a naive merge or parser copies them. */
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const LONE_SURROGATE = String.fromCharCode(0xd800);

/** Strings chosen by hand: injections, encodings and edge cases that generators rarely find. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  LONE_SURROGATE,
  `x${LONE_SURROGATE}y`,
  '\u202Egnp.exe',
  'Ǆǅǆ İı ß ﬀ',
  '𝕮𝖆𝖉𝖗𝖆𝖓 🕰️👨‍👩‍👧',
  'ÀÉÎÕÜ çà ù',
  '\r\nSet-Cookie: pwned=1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '${7*7}{{7*7}}#{7*7}',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%',
  '%zz',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x7fffffff',
  '9007199254740993',
  '-9223372036854775809',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'CAD-2024-ABCDEFGH',
  '00000000-0000-0000-0000-000000000000',
  'ADMIN@CADRAN.FR',
  ' camille@exemple.fr ',
  'a@b',
  '@',
  'javascript:alert(1)',
  'http://evil.example/',
  '\\\\evil\\share',
];

/** Built once: sending them is the expensive part, not making them. */
const HUGE_STRINGS: readonly string[] = [
  'a'.repeat(70_000),
  'é'.repeat(40_000),
  '𝕮'.repeat(20_000),
  '\u0000'.repeat(5_000),
  '<'.repeat(30_000),
];

export const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 5000 }) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
  );

/**
 * Nested arrays or objects far deeper than any payload of ours. JSON.stringify itself overflows
 * its stack near 10,000 levels, so the value is a marker that `serializeJson` expands into raw
 * JSON text, wherever in a body it was placed.
 */
export const deepJson = (): fc.Arbitrary<string> =>
  fc
    .tuple(fc.integer({ min: 40, max: 100_000 }), fc.constantFrom('array', 'object'))
    .map(([depth, kind]) => `@@deep:${kind}:${depth}@@`);

const DEEP_MARKER = /"@@deep:(array|object):(\d+)@@"/g;

/** JSON text of a generated body, deep markers expanded. */
export function serializeJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(DEEP_MARKER, (_whole, kind: string, depthText: string) => {
    const depth = Number(depthText);
    return kind === 'array'
      ? `${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
  });
}

/** An object holding a pollution key as an own property, as JSON.parse would make it. */
export const pollutingObject = (): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      fc.constantFrom(...POLLUTION_KEYS),
      fc.constantFrom('polluted', 'isAdmin', 'role', 'toString', 'prototype'),
    )
    .map(
      ([key, inner]) =>
        JSON.parse(`{"${key}":{"${inner}":"yes","prototype":{"polluted":"yes"}}}`) as Record<
          string,
          unknown
        >,
    );

/** Any JSON value of the wrong kind for a field: the fuzzer drops these where a value goes. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: nastyString() },
    {
      weight: 3,
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        0,
        -1,
        -0,
        1.5,
        1e308,
        -1e308,
        2 ** 53 + 2,
        -(2 ** 31) - 1,
        [],
        {},
        [null],
        { length: 1e9 },
      ),
    },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double({ noNaN: true }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: pollutingObject() },
    { weight: 1, arbitrary: deepJson() },
    { weight: 1, arbitrary: fc.array(fc.constant('x'), { minLength: 500, maxLength: 20_000 }) },
  );

/** Raw bodies that are not the JSON they claim to be. */
export const INVALID_JSON_TEXTS: readonly string[] = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '\uFEFF{"a":1}',
  '{"a":"\\uD800"}',
  '{"a":"\\x41"}',
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":{"__proto__":{"isAdmin":true}}}',
  'null',
  '"just a string"',
  '12345',
  '\u0000',
  ' ',
  '{"email":"a@b.fr","email":"b@c.fr"}',
];

/** Content types a JSON API must refuse or handle (CSRF-capable ones included). */
export const CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----cadran',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/JSON',
  'application/json;;;',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/csp-report',
  '*/*',
  'garbage',
  '',
];
