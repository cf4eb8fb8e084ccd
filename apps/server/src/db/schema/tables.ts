import { accountTokens } from './account-tokens';
import { staffAuditEntries } from './audit';
import { licenseTemplates, vatRates } from './catalog';
import { contactMessageReplies, contactMessages } from './contact';
import { einvoiceEvents } from './einvoices';
import { invoiceCounters, invoices } from './invoices';
import {
  licenseInstances,
  licensePlanChanges,
  licenseReminders,
  licenseRenewals,
  licenses,
  renewalNotices,
} from './licenses';
import { mailQueue } from './mail';
import { newsletterSubscribers } from './newsletter';
import { orderEvents, orderItems, orders } from './orders';
import { paymentEvents, payments, refunds } from './payments';
import { promoCodes, promoRedemptions, vatNumberChecks } from './promo-codes';
import { rateLimits } from './rate-limits';
import {
  releaseArtifacts,
  releaseDownloads,
  releaseItems,
  releasePreferences,
  releases,
  voterNotifications,
} from './releases';
import { methodSetups, savedPaymentMethods } from './saved-methods';
import { roadmapItems, roadmapVotes } from './roadmap';
import { staffRecoveryCodes, staffSecondFactors } from './staff';
import { sessions, users } from './users';

/** Every table, keyed by name: handed to Drizzle for its relational query API. */
export const tables = {
  staffAuditEntries,
  staffSecondFactors,
  staffRecoveryCodes,
  users,
  sessions,
  accountTokens,
  licenseTemplates,
  vatRates,
  roadmapItems,
  roadmapVotes,
  contactMessages,
  contactMessageReplies,
  newsletterSubscribers,
  orders,
  orderItems,
  orderEvents,
  payments,
  paymentEvents,
  refunds,
  licenses,
  licenseInstances,
  licenseReminders,
  licenseRenewals,
  renewalNotices,
  savedPaymentMethods,
  methodSetups,
  licensePlanChanges,
  invoiceCounters,
  invoices,
  einvoiceEvents,
  mailQueue,
  rateLimits,
  promoCodes,
  promoRedemptions,
  vatNumberChecks,
  releases,
  releaseItems,
  releaseArtifacts,
  releaseDownloads,
  releasePreferences,
  voterNotifications,
};
