import { validBilling, validRegistration } from '@cadran/domain/test-fixtures';

// The journeys' buyer is the one of every other test (packages/domain/src/test-fixtures.ts):
// one person, one address, written once.

/** Who registers, where the journey's buyer is someone else (another company, country). */
export type RegistrationDetails = Partial<Record<keyof typeof validRegistration, string>>;

/** What a French buyer types into the registration form, as the API receives it. */
export const registrationBody = (
  email: string,
  password: string,
  details: RegistrationDetails = {},
) => ({
  ...validRegistration,
  ...details,
  email,
  password,
});

/** The same buyer's billing address as the order form sends it. */
export const billingAddress = (email = validBilling.email) => ({ ...validBilling, email });
