import { z } from 'zod';
import type { MessageKey } from './messages';

/**
 * Field builders shared by every form schema. Each check carries a message key (messages.ts).
 * "Required" comes before format checks: an empty value reports only "required".
 */

/**
 * Runs a check only when the value is a string and every earlier check passed. zod's own
 * `abort: true` would do the first part but also blocks object-level refinements that must
 * still run (the password confirmation), and length checks otherwise run on arrays too.
 */
export const clean = {
  when: (payload: z.core.ParsePayload): boolean =>
    typeof payload.value === 'string' && payload.issues.length === 0,
};

/** Simple email shape: something@something.tld, no whitespace (so no header injection). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX = 254;

export const isValidEmail = (value: string): boolean =>
  value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);

/** The message of a value of the wrong type (an object where text was expected, and so on). */
export const invalidInput = { error: 'validation.invalid' } as const satisfies {
  error: MessageKey;
};

/** The same guard for array length checks (zod runs them on any value with a length). */
export const cleanArray = {
  when: (payload: z.core.ParsePayload): boolean =>
    Array.isArray(payload.value) && payload.issues.length === 0,
};

/** A trimmed, non-empty text of at most `max` characters. */
export const requiredText = (
  required: MessageKey,
  max: number,
  tooLong: MessageKey = 'validation.too_long',
) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, ...clean })
    .max(max, { error: tooLong, ...clean });

/** A trimmed optional text; absent, null or blank all become ''. */
export const optionalText = (max: number, tooLong: MessageKey = 'validation.too_long') =>
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(max, { error: tooLong, ...clean })
    .nullish()
    .transform((value) => value ?? '');

interface EmailKeys {
  required: MessageKey;
  invalid: MessageKey;
  tooLong?: MessageKey;
}

/** A trimmed email; `lowercase` for account identities so 'A@x.fr' and 'a@x.fr' are one user. */
export const emailField = (keys: EmailKeys, options: { lowercase?: boolean } = {}) => {
  const base = z.string({ error: keys.required }).trim();
  const cased = options.lowercase ? base.toLowerCase() : base;
  return cased
    .min(1, { error: keys.required, ...clean })
    .max(EMAIL_MAX, { error: keys.tooLong ?? keys.invalid, ...clean })
    .regex(EMAIL_PATTERN, { error: keys.invalid, ...clean });
};

/** An integer in [min, max], one message for every way of missing it. */
export const boundedInt = (min: number, max: number, error: MessageKey) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/**
 * The `when` of a cross-field refinement that should report together with the other fields'
 * errors: it runs on an object whose own `fields` parsed, whatever failed elsewhere.
 */
export const whenFieldsParsed =
  (fields: readonly string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    payload.issues.every(
      (issue) => (issue.path?.length ?? 0) > 0 && !fields.includes(String(issue.path?.[0])),
    );
