import type { ApiUser } from '@cadran/domain/auth';
import { isCountryCode } from '@cadran/domain/countries';
import type { Account } from './repository';

/** The account in the wire shape of the API ('first_name', 'address_line_1'...), never the hash. */
export const toApiUser = (account: Account): ApiUser => ({
  id: account.id,
  email: account.email,
  first_name: account.firstName,
  last_name: account.lastName,
  company: account.company,
  phone: account.phone,
  address_line_1: account.addressLine1,
  city: account.city,
  postal_code: account.postalCode,
  country: isCountryCode(account.country) ? account.country : null,
  siren: account.siren,
  role: account.role,
  email_verified: account.emailVerifiedAt !== null,
  locale: account.locale,
});
