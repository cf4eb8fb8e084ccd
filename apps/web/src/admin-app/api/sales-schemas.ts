import {
  CustomerDetailResponseSchema,
  CustomersResponseSchema,
  DashboardResponseSchema,
  LockResponseSchema,
  SessionsEndedResponseSchema,
  type CustomerDetail,
  type CustomerRow,
  type Dashboard,
} from '@cadran/domain/staff-customers';
import {
  StaffLicenseChangedSchema,
  StaffLicenseResponseSchema,
  StaffLicensesResponseSchema,
  type StaffLicense,
  type StaffLicenseRow,
} from '@cadran/domain/staff-licenses';
import {
  AdminOrderActionResponseSchema,
  AdminOrderDetailResponseSchema,
  AdminOrdersResponseSchema,
  MarkPaidResponseSchema,
  ResendOrderMailResponseSchema,
  type AdminOrder,
  type AdminOrderDetail,
} from '@cadran/domain/staff-orders';

/**
 * The staff API's answers about orders, customers, licences and the dashboard, read with the
 * server's own schemas (docs/product.md 'Back office' ('Staff API')): money in integer cents,
 * lists as `{ items, total, limit, offset }`.
 */
export {
  AdminOrderActionResponseSchema as OrderActionAnswerSchema,
  AdminOrderDetailResponseSchema as OrderDetailSchema,
  AdminOrdersResponseSchema as OrdersPageSchema,
  CustomerDetailResponseSchema as CustomerDetailSchema,
  CustomersResponseSchema as CustomersPageSchema,
  DashboardResponseSchema as DashboardSchema,
  LockResponseSchema as LockAnswerSchema,
  MarkPaidResponseSchema as MarkPaidAnswerSchema,
  ResendOrderMailResponseSchema as ResendMailAnswerSchema,
  SessionsEndedResponseSchema as SessionsEndedAnswerSchema,
  StaffLicenseChangedSchema as LicenceChangedSchema,
  StaffLicenseResponseSchema as LicenceDetailSchema,
  StaffLicensesResponseSchema as LicencesPageSchema,
};
export type { CustomerDetail, CustomerRow, Dashboard };
export type OrderRow = AdminOrder;
export type OrderDetail = AdminOrderDetail;
export type LicenceRow = StaffLicenseRow;
export type LicenceDetail = StaffLicense;

export const customerName = (customer: OrderRow['customer']): string =>
  `${customer.first_name} ${customer.last_name}`.trim();
