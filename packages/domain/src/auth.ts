import { z } from 'zod';
import { LANGUAGES, type Language } from './constants';
import { clean, emailField, invalidInput, optionalText, requiredText } from './fields';
import type { CountryCode } from './countries';
import { CountryCodeSchema } from './wire-schemas';
import { DEFAULT_COUNTRY } from './vat';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * The sign-in payload (docs/product.md 'Accounts and sessions' ('Sign in and out')): a missing
 * email or password is 'fill all fields'.
 */
export const LoginSchema = z.object(
  {
    email: emailField(
      {
        required: 'auth.fill_all_fields',
        invalid: 'auth.email.invalid',
        tooLong: 'auth.email.too_long',
      },
      { lowercase: true },
    ),
    // Passwords are never trimmed: a space is a legitimate character of a passphrase.
    password: z
      .string({ error: 'auth.fill_all_fields' })
      .min(1, { error: 'auth.fill_all_fields', ...clean })
      .max(PASSWORD_MAX, { error: 'auth.password.too_long', ...clean }),
    remember: z.boolean(invalidInput).optional(),
  },
  invalidInput,
);
export type Login = z.infer<typeof LoginSchema>;

/** Permissive phone shape: digits with the usual separators and an optional leading +. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{4,28}[0-9]$/;

/** A new password (registration, reset, change): 8 to 128 characters, never trimmed. */
export const passwordField = z
  .string({ error: 'auth.password.required' })
  .min(1, { error: 'auth.password.required', ...clean })
  .min(PASSWORD_MIN, { error: 'auth.password.too_short', ...clean })
  .max(PASSWORD_MAX, { error: 'auth.password.too_long', ...clean });

/**
 * The registration payload (docs/product.md 'Accounts and sessions' ('Register')). Company is the
 * only optional field.
 */
export const RegisterSchema = z.object(
  {
    firstname: requiredText('auth.firstname.required', 100),
    lastname: requiredText('auth.lastname.required', 100),
    email: emailField(
      {
        required: 'auth.email.required',
        invalid: 'auth.email.invalid',
        tooLong: 'auth.email.too_long',
      },
      { lowercase: true },
    ),
    company: optionalText(120, 'auth.company.too_long'),
    phone: requiredText('auth.phone.required', 30).regex(PHONE_PATTERN, {
      error: 'auth.phone.invalid',
      ...clean,
    }),
    address: requiredText('auth.address.required', 255),
    postal_code: requiredText('auth.postal_code.required', 20),
    city: requiredText('auth.city.required', 100),
    country: CountryCodeSchema,
    password: passwordField,
  },
  invalidInput,
);
export type Register = z.infer<typeof RegisterSchema>;
export type RegisterInput = z.input<typeof RegisterSchema>;

/**
 * The register tab (docs/product.md 'Accounts and sessions' ('Register')): the payload plus a
 * matching confirmation and the accepted terms. The match check runs even when other fields fail,
 * so every error shows at once.
 */
export const RegisterFormSchema = RegisterSchema.extend({
  password_confirmation: z.string({ error: 'auth.passwords_mismatch' }),
  terms: z.literal(true, { error: 'auth.terms_required' }),
}).refine((form) => form.password === form.password_confirmation, {
  path: ['password_confirmation'],
  error: 'auth.passwords_mismatch',
  when: (payload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    payload.issues.every(
      (issue) => issue.path?.[0] !== 'password' && issue.path?.[0] !== 'password_confirmation',
    ),
});
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

/**
 * Empty register form, country preselected (default FR,
 * docs/product.md 'Accounts and sessions' ('Register')).
 */
export const EMPTY_REGISTER_FORM = {
  firstname: '',
  lastname: '',
  email: '',
  company: '',
  phone: '',
  address: '',
  postal_code: '',
  city: '',
  country: DEFAULT_COUNTRY,
  password: '',
  password_confirmation: '',
  terms: false,
};

export const toRegisterPayload = (form: RegisterForm): Register => {
  const { password_confirmation: _confirmation, terms: _terms, ...payload } = form;
  return payload;
};

export const USER_ROLES = ['client', 'admin', 'support'] as const;
/** Roles that open the back office: `admin` does everything, `support` reads and settles. */
export const STAFF_ROLES = ['admin', 'support'] as const satisfies readonly UserRole[];
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The user as the server sends it (docs/product.md 'Accounts and sessions'). The id is the
 * account's UUID: a UUID does not reveal how many accounts exist.
 */
export const ApiUserSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  address_line_1: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: CountryCodeSchema.nullable(),
  /** The company's SIREN from the profile, which checkout offers for the next orders. */
  siren: z.string().nullable().optional(),
  role: z.enum(USER_ROLES),
  /** Whether the owner confirmed the address by the mailed link (docs/product.md 'Accounts and sessions'). */
  email_verified: z.boolean(),
  /** The account's language: its e-mails, and the client area once signed in. */
  locale: z.enum(LANGUAGES),
});
export type ApiUser = z.infer<typeof ApiUserSchema>;

/**
 * The session user of the web app: camelCase names and the fixed role 'client'
 * (docs/product.md 'Accounts and sessions' ('Roles')).
 */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  address: string;
  city: string;
  postal_code: string;
  country: CountryCode;
  /** The profile's SIREN; empty or absent when none. */
  siren?: string | undefined;
  role: 'client';
  language: Language;
}

export const toSessionUser = (user: ApiUser): SessionUser => ({
  id: user.id,
  email: user.email,
  firstName: user.first_name,
  lastName: user.last_name,
  company: user.company ?? '',
  phone: user.phone ?? '',
  address: user.address_line_1 ?? '',
  city: user.city ?? '',
  postal_code: user.postal_code ?? '',
  country: user.country ?? DEFAULT_COUNTRY,
  siren: user.siren ?? '',
  role: 'client',
  language: user.locale,
});

/**
 * Login and register answers: the token is also set as an HttpOnly cookie
 * (docs/product.md 'Accounts and sessions' ('Sessions and tokens')).
 */
export const AuthResponseSchema = z.object({
  success: z.literal(true),
  user: ApiUserSchema,
  token: z.string(),
  message: z.string(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** GET /auth/me: this server answers `user`; clients also accept `data.user`. */
export const MeResponseSchema = z.object({ success: z.literal(true), user: ApiUserSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;

/**
 * GET /auth/session: the start-up check of a page, signed in or not; `user` is null when no
 * session is open (a check is not a refusal, so it answers 200 and the console stays clean).
 */
export const SessionResponseSchema = z.object({
  success: z.literal(true),
  user: ApiUserSchema.nullable(),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** Reads the user of a /auth/me answer in either shape: `user` or `data.user`. */
export function extractMeUser(body: unknown): ApiUser | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as { user?: unknown; data?: { user?: unknown } | null };
  const candidate = record.user ?? record.data?.user;
  const parsed = ApiUserSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
