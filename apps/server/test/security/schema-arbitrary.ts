import fc from 'fast-check';
import { hostileValue, pollutingObject, POLLUTION_KEYS } from './hostile-values';
import type { JsonSchema } from './route-inventory';

/**
 * Inputs shaped like what a route expects, generated from its JSON schema (the OpenAPI form of
 * the route's zod schema), then broken in one place. Plausible input gets past the first checks
 * and reaches the deeper rules and the handler, which random noise alone never does.
 */

const MAX_GENERATED_ITEMS = 4;
const MAX_GENERATED_STRING = 40;

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = Math.max(
    minLength,
    Math.min(num(schema.maxLength) ?? MAX_GENERATED_STRING, MAX_GENERATED_STRING),
  );
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 500);
    } catch {
      // A pattern JavaScript cannot compile: fall back to plain strings.
    }
  }
  return fc.string({ minLength, maxLength });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  // OpenAPI 3.0 writes exclusive bounds as booleans next to minimum / maximum.
  let min = num(schema.minimum) ?? -1_000_000;
  let max = num(schema.maximum) ?? 1_000_000;
  if (schema.exclusiveMinimum === true) min += integer ? 1 : Number.EPSILON;
  if (schema.exclusiveMaximum === true) max -= integer ? 1 : Number.EPSILON;
  min = Math.max(min, -1_000_000);
  max = Math.min(max, 1_000_000);
  if (max < min) max = min;
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
}

/** A value that satisfies `schema` as far as the common keywords go. */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => valueFor(alternative, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    return valueFor(schema.allOf[0] as JsonSchema, depth + 1);
  }
  const base = baseValueFor(schema, depth);
  return schema.nullable === true ? fc.option(base, { nil: null }) : base;
}

function baseValueFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type)
    ? (schema.type[0] as string)
    : (schema.type as string | undefined);
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = num(schema.minItems) ?? 0;
      const maxLength = Math.max(
        minLength,
        Math.min(num(schema.maxItems) ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS),
      );
      return fc.array(valueFor(schema.items as JsonSchema | undefined, depth + 1), {
        minLength,
        maxLength,
      });
    }
    case 'object':
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      if (Object.keys(properties).length === 0) {
        return type === 'object'
          ? fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), {
              maxKeys: 4,
            })
          : fc.jsonValue({ maxDepth: 2 });
      }
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, valueFor(property, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: [...required].filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Mutation = 'replace' | 'delete' | 'pollute' | 'wrap' | 'extra-key';

interface Slot {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
}

function slotsOf(value: unknown, out: Slot[] = [], depth = 0): Slot[] {
  if (depth > 8 || value === null || typeof value !== 'object') return out;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) {
    out.push({ parent: value as Slot['parent'], key });
    slotsOf(item, out, depth + 1);
  }
  return out;
}

/** Breaks `value` at one place: a hostile value, a missing field, a pollution key... */
function mutate(value: unknown, pick: number, mutation: Mutation, hostile: unknown): unknown {
  const root = { value: structuredClone(value) };
  const slots = slotsOf(root);
  const slot = slots[pick % slots.length];
  if (!slot) return hostile;
  const parent = slot.parent as Record<string | number, unknown>;
  const current = parent[slot.key];
  switch (mutation) {
    case 'replace':
      parent[slot.key] = hostile;
      break;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(slot.key as number, 1);
      else delete parent[slot.key];
      break;
    case 'wrap':
      parent[slot.key] = [current, current];
      break;
    case 'pollute':
    case 'extra-key': {
      const target =
        current !== null && typeof current === 'object' && !Array.isArray(current)
          ? current
          : root.value;
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
        const key =
          mutation === 'pollute'
            ? (POLLUTION_KEYS[pick % POLLUTION_KEYS.length] ?? '__proto__')
            : `unexpected_${pick % 7}`;
        // defineProperty: a plain assignment to __proto__ would change the prototype instead.
        Object.defineProperty(target, key, {
          value: hostile,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        parent[slot.key] = hostile;
      }
      break;
    }
  }
  return root.value;
}

/** Plausible values for `schema`, most of them broken in exactly one place. */
export function nearlyValid(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const valid = valueFor(schema);
  return fc.oneof(
    { weight: 1, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          valid,
          fc.nat(),
          fc.constantFrom<Mutation>(
            'replace',
            'replace',
            'replace',
            'delete',
            'pollute',
            'wrap',
            'extra-key',
          ),
          fc.oneof(hostileValue(), pollutingObject()),
        )
        .map(([value, pick, mutation, hostile]) => mutate(value, pick, mutation, hostile)),
    },
  );
}
