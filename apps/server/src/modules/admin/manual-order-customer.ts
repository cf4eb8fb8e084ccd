import { BillingAddressSchema, type BillingAddress } from '@cadran/domain/billing-address';
import { isUuid } from '@cadran/domain/uuid';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';

type UserRow = typeof users.$inferSelect;

/** The customer a staff member places an order for, and what the order bills them with. */
export type ManualOrderCustomer =
  | { kind: 'found'; account: UserRow; billing: BillingAddress }
  | { kind: 'unknown' }
  | { kind: 'incomplete_profile'; account: UserRow };

/**
 * A client account named by its id or its e-mail (staff, deleted accounts and unknown names are
 * all unknown), with the billing address of its profile: its country and VAT number decide the
 * VAT as they would at its own checkout. A profile the checkout's rules refuse (a VAT number of
 * another country's register, say) cannot be billed until its owner fixes it.
 */
export async function findManualOrderCustomer(
  db: Database,
  reference: string,
): Promise<ManualOrderCustomer> {
  const match = isUuid(reference)
    ? eq(users.id, reference)
    : eq(users.email, reference.trim().toLowerCase());
  const [account] = await db
    .select()
    .from(users)
    .where(and(match, eq(users.role, 'client'), isNull(users.deletedAt)))
    .limit(1);
  if (!account) return { kind: 'unknown' };
  const billing = BillingAddressSchema.safeParse({
    first_name: account.firstName,
    last_name: account.lastName,
    company: account.company ?? '',
    email: account.email,
    phone: account.phone,
    address_line_1: account.addressLine1,
    address_line_2: '',
    city: account.city,
    postal_code: account.postalCode,
    country: account.country,
    vat_number: account.vatNumber ?? '',
    siren: account.siren ?? '',
  });
  if (!billing.success) return { kind: 'incomplete_profile', account };
  return { kind: 'found', account, billing: billing.data };
}

/** The customer as the staff quote answers it. */
export const customerAnswer = (account: UserRow, billing: BillingAddress) => ({
  id: account.id,
  email: account.email,
  name: `${account.firstName} ${account.lastName}`,
  company: account.company,
  country: billing.country,
  vat_number: billing.vat_number === '' ? null : billing.vat_number,
});
