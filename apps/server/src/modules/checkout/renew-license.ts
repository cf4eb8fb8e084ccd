import type { Language } from '@cadran/domain/constants';
import type { PaymentMethod } from '@cadran/domain/order-status';
import type { Account } from '../auth/repository';
import type { LicensesService } from '../licenses/service';
import type { StoredOrder } from '../orders/repository';
import type { PaymentsService } from '../payments/service';
import { openPayment } from './checkout';

export type RenewResult =
  | { kind: 'created' | 'replayed'; order: StoredOrder; paymentUrl: string | null }
  | { kind: 'not_found' }
  | { kind: 'not_renewable' }
  | { kind: 'renewal_open' }
  | { kind: 'method_unavailable' }
  /** The order exists but its payment could not be opened: the next call opens it. */
  | { kind: 'provider_unavailable'; order: StoredOrder; cause: unknown };

/**
 * A licence's renewal (docs/product.md 'Licences' ('Renewal')): its renewal order is placed,
 * then its payment opened exactly like a checkout's, so it is paid, fulfilled and invoiced by
 * the same path. A method no provider can take means no order at all.
 */
export async function renewLicense(
  deps: { licenses: LicensesService; payments: PaymentsService },
  account: Pick<Account, 'id'>,
  input: { licenseId: string; paymentMethod: PaymentMethod; language: Language },
): Promise<RenewResult> {
  const { licenses, payments } = deps;
  if (!payments.isAvailable(input.paymentMethod)) return { kind: 'method_unavailable' };
  const placed = await licenses.placeRenewal({ ...input, userId: account.id });
  return 'order' in placed ? openPayment(payments, placed) : placed;
}
