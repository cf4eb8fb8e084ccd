import { StoredBillingAddressSchema } from '@cadran/domain/billing-address';
import type { Language } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import { orderStatusLabelKey, paymentStatusLabelKey } from '@cadran/domain/order-status';
import { shopDateTime } from '@cadran/domain/paris-days';
import { csvEuros, csvPercent, toCsv } from '../../http/csv';
import { EXPORT_COLUMNS, EXPORT_WORDS } from './orders-export-labels';
import type { OrderForList } from './orders-query';

/**
 * The CSV of the back-office order list (docs/product.md 'Back office'), for the bookkeeping:
 * amounts before VAT, the discount, the VAT rate and amount, the total, the country, the VAT
 * number and its check, the promo code and the invoice number of each order; column names and
 * statuses in the staff member's language, dates in Paris time (the invoices' time zone).
 * Written by the one CSV writer of every export (`http/csv.ts`: byte-order mark, `;`, quoted
 * line breaks, formulas kept as text); amounts in euros, written as a spreadsheet of the
 * staff member's language reads them (`;` and a decimal comma in French, `,` and a point in
 * English).
 */

export function ordersCsv(rows: readonly OrderForList[], language: Language): string {
  const words = EXPORT_WORDS[language];
  const euros = (cents: number) => csvEuros(cents, language);
  return toCsv(
    EXPORT_COLUMNS.map((column) => words.columns[column]),
    rows.map(({ order, invoiceNumber, licenseCount }) => {
      const billing = StoredBillingAddressSchema.safeParse(order.billingAddress);
      const address = billing.success ? billing.data : undefined;
      return [
        order.orderNumber,
        shopDateTime(order.createdAt),
        translateMessage(orderStatusLabelKey(order.status), language),
        translateMessage(paymentStatusLabelKey(order.paymentStatus), language),
        words.paymentMethod[order.paymentMethod],
        invoiceNumber ?? '',
        address?.country ?? '',
        order.vatNumber ?? '',
        order.vatNumber ? words.vatNumberStatus[order.vatNumberStatus] : '',
        order.taxKind ? words.taxKind[order.taxKind] : '',
        order.promoCode ?? '',
        euros(order.subtotalCents),
        euros(order.discountCents),
        euros(order.taxableCents),
        csvPercent(order.taxRateBasisPoints, language),
        euros(order.taxCents),
        euros(order.totalCents),
        address?.email ?? '',
        address?.first_name ?? '',
        address?.last_name ?? '',
        address?.company ?? '',
        String(licenseCount),
        order.flaggedReason ?? '',
      ];
    }),
    language,
  );
}
