import { ProfileSchema, type ProfileAnswer, type ProfilePatch } from '@cadran/domain/account';
import { fieldErrorsFromZod } from '@cadran/domain/validation';
import { pendingEmailChange } from './account-tokens';
import type { AccountDeps } from './deps';
import { findAccount, updateAccount, type AccountRow } from './repository';

type Profile = ProfileAnswer['profile'];

/** The account's profile (docs/product.md 'Accounts and sessions' ('Profile and password')). */
export async function readProfile(deps: AccountDeps, userId: string): Promise<Profile | undefined> {
  const account = await findAccount(deps.db, userId);
  if (!account) return undefined;
  return toProfile(account, await pendingEmailChange(deps.db, userId, deps.now()));
}

const toProfile = (account: AccountRow, pendingEmail: string | null): Profile => ({
  email: account.email,
  email_verified: account.emailVerifiedAt !== null,
  first_name: account.firstName,
  last_name: account.lastName,
  company: account.company,
  phone: account.phone,
  address_line_1: account.addressLine1,
  postal_code: account.postalCode,
  city: account.city,
  country: account.country,
  vat_number: account.vatNumber,
  siren: account.siren,
  locale: account.locale,
  pending_email: pendingEmail,
});

export type ProfileUpdate =
  { ok: true; profile: Profile } | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * Applies the fields sent to the stored profile and checks the result as a whole, with the
 * registration's rules and checkout's VAT-number check: a number is checked against the
 * country the profile ends up with, whichever of the two was sent.
 */
export async function updateProfile(
  deps: AccountDeps,
  userId: string,
  patch: ProfilePatch,
): Promise<ProfileUpdate | undefined> {
  const account = await findAccount(deps.db, userId);
  if (!account) return undefined;
  const {
    email: _email,
    email_verified: _verified,
    pending_email: _pending,
    ...current
  } = toProfile(account, null);
  const merged = ProfileSchema.safeParse({
    ...current,
    ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
  });
  if (!merged.success) return { ok: false, fieldErrors: fieldErrorsFromZod(merged.error) };
  const profile = merged.data;
  await updateAccount(deps.db, userId, {
    firstName: profile.first_name,
    lastName: profile.last_name,
    company: profile.company === '' ? null : profile.company,
    phone: profile.phone,
    addressLine1: profile.address_line_1,
    postalCode: profile.postal_code,
    city: profile.city,
    country: profile.country,
    vatNumber: profile.vat_number === '' ? null : profile.vat_number,
    siren: profile.siren === '' ? null : profile.siren,
    locale: profile.locale,
  });
  const saved = await readProfile(deps, userId);
  return saved && { ok: true, profile: saved };
}
