import { z } from 'zod';
import { passwordField, PASSWORD_MAX, PHONE_PATTERN } from './auth';
import { CountryCodeSchema } from './wire-schemas';
import { LANGUAGES } from './constants';
import { clean, emailField, invalidInput, optionalText, requiredText } from './fields';
import { sirenField, withCheckedSiren } from './siren-field';
import { vatNumberField, withCheckedVatNumber } from './vat-number-field';

/**
 * Payloads and answers of the account routes (docs/product.md 'Accounts and sessions'): the
 * forgotten password, e-mail confirmation and change, password change, profile, sessions,
 * export and deletion. The client area's forms validate with the same schemas.
 */

const accountEmail = () =>
  emailField(
    {
      required: 'auth.email.required',
      invalid: 'auth.email.invalid',
      tooLong: 'auth.email.too_long',
    },
    { lowercase: true },
  );

/** A password that must match the stored one: any length the sign-in accepts. */
const currentPassword = z
  .string({ error: 'account.current_password.required' })
  .min(1, { error: 'account.current_password.required', ...clean })
  .max(PASSWORD_MAX, { error: 'auth.password.too_long', ...clean });

/** A mailed link's token: 43 base64url characters; anything else is refused as invalid. */
export const AccountTokenSchema = z
  .string({ error: 'account.token_invalid' })
  .trim()
  .min(1, { error: 'account.token_invalid', ...clean })
  .max(200, { error: 'account.token_invalid', ...clean });

export const ForgotPasswordSchema = z.object({ email: accountEmail() }, invalidInput);
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z.object(
  { token: AccountTokenSchema, password: passwordField },
  invalidInput,
);
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const EmailTokenSchema = z.object({ token: AccountTokenSchema }, invalidInput);

export const ChangeEmailSchema = z.object(
  { new_email: accountEmail(), password: currentPassword },
  invalidInput,
);
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

export const ChangePasswordSchema = z.object(
  { current_password: currentPassword, new_password: passwordField },
  invalidInput,
);
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const DeleteAccountSchema = z.object({ password: currentPassword }, invalidInput);

/** The fields of the profile, with the rules of registration and of checkout's billing block. */
const profileFields = {
  first_name: requiredText('auth.firstname.required', 100),
  last_name: requiredText('auth.lastname.required', 100),
  company: optionalText(120, 'auth.company.too_long'),
  phone: requiredText('auth.phone.required', 30).regex(PHONE_PATTERN, {
    error: 'auth.phone.invalid',
    ...clean,
  }),
  address_line_1: requiredText('auth.address.required', 255),
  postal_code: requiredText('auth.postal_code.required', 20),
  city: requiredText('auth.city.required', 100),
  country: CountryCodeSchema,
  vat_number: vatNumberField(),
  siren: sirenField(),
  locale: z.enum(LANGUAGES, invalidInput),
};

/**
 * PATCH /account/profile: any subset of the fields. The server applies it to the stored
 * profile and checks the whole with `ProfileSchema`, so a VAT number is checked against the
 * country the profile ends up with.
 */
export const ProfilePatchSchema = z
  .object(
    Object.fromEntries(
      Object.entries(profileFields).map(([name, field]) => [name, field.optional()]),
    ) as { [K in keyof typeof profileFields]: z.ZodOptional<(typeof profileFields)[K]> },
    invalidInput,
  )
  .partial();
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

/**
 * The profile as saved: every field checked, the VAT number normalised ("FR40303265045"), the
 * SIREN Luhn-checked for a French company and matching its French VAT number.
 */
export const ProfileSchema = withCheckedVatNumber(
  withCheckedSiren(z.object(profileFields, invalidInput)),
);
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileAnswerSchema = z.object({
  profile: z.object({
    email: z.string(),
    email_verified: z.boolean(),
    first_name: z.string(),
    last_name: z.string(),
    company: z.string().nullable(),
    phone: z.string(),
    address_line_1: z.string(),
    postal_code: z.string(),
    city: z.string(),
    country: z.string(),
    vat_number: z.string().nullable(),
    /** The company's SIREN, Luhn-checked; offered at checkout for the next orders. */
    siren: z.string().nullable(),
    locale: z.enum(LANGUAGES),
    /** The address an e-mail change waits to confirm; null when none is pending. */
    pending_email: z.string().nullable(),
  }),
});
export type ProfileAnswer = z.infer<typeof ProfileAnswerSchema>;

export const AccountSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
  /** A short label of the browser that signed in ("Chrome · Linux"), when it was readable. */
  device: z.string().nullable(),
});
export const AccountSessionsAnswerSchema = z.object({ sessions: z.array(AccountSessionSchema) });
export type AccountSession = z.infer<typeof AccountSessionSchema>;
