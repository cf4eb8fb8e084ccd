import { DEFAULT_JOURNAL_ACCOUNTS, type JournalAccounts } from '@cadran/domain/sales-journal';
import { z } from 'zod';
import { optionalText } from './env-fields';

/**
 * The accounts of the sales journal export (docs/product.md 'Back office' ('Accounting
 * exports')): the seller's chart of accounts, the French general chart's by default.
 */
const account = optionalText.pipe(
  z
    .string()
    .regex(/^[0-9A-Z]{3,20}$/, 'must be an account number: 3 to 20 digits or capital letters')
    .optional(),
);

export const AccountingEnvSchema = z.object({
  ACCOUNT_CUSTOMERS: account,
  ACCOUNT_REVENUE: account,
  ACCOUNT_VAT_COLLECTED: account,
});
type AccountingEnv = z.infer<typeof AccountingEnvSchema>;

export const journalAccountsOf = (e: AccountingEnv): JournalAccounts => ({
  customers: e.ACCOUNT_CUSTOMERS ?? DEFAULT_JOURNAL_ACCOUNTS.customers,
  revenue: e.ACCOUNT_REVENUE ?? DEFAULT_JOURNAL_ACCOUNTS.revenue,
  vatCollected: e.ACCOUNT_VAT_COLLECTED ?? DEFAULT_JOURNAL_ACCOUNTS.vatCollected,
});
