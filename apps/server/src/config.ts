import path from 'node:path';
import { SUPPORT_EMAIL } from '@cadran/domain/constants';
import type { SellerIdentity } from '@cadran/domain/invoice';
import type { JournalAccounts } from '@cadran/domain/sales-journal';
import { z } from 'zod';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST_DIR } from './paths';
import { booleanFlag, optionalText, urlWithProtocols } from './settings/env-fields';
import {
  PaymentEnvSchema,
  SANDBOX_IN_PRODUCTION_CONSENT,
  paymentSettings,
  type BankAccountConfig,
  type PaypalConfig,
  type StripeConfig,
} from './settings/payment-settings';
import { ViesEnvSchema, viesSettings, type ViesConfig } from './settings/vies-settings';
import { RenewalEnvSchema, type RenewalConfig } from './settings/renewal-settings';
import { SellerEnvSchema, sellerSettings } from './settings/seller-identity';
import { AccountingEnvSchema, journalAccountsOf } from './settings/accounting-settings';
import {
  EinvoiceEnvSchema,
  einvoiceSettings,
  type EinvoicePlatformName,
} from './settings/einvoice-settings';
import {
  LicenseSigningEnvSchema,
  licenseSigningSettings,
  type LicenseSigningConfig,
} from './settings/license-signing';
import { ReleaseEnvSchema, releaseSettings, type ReleaseConfig } from './settings/release-settings';
import {
  TRUST_EVERYONE_RISK,
  TRUST_PROXY_ADVICE,
  trustProxy,
  type TrustProxy,
} from './settings/trust-proxy';

export type {
  RenewalConfig,
  BankAccountConfig,
  LicenseSigningConfig,
  ReleaseConfig,
  PaypalConfig,
  StripeConfig,
  TrustProxy,
  ViesConfig,
};
export { DEMO_BANK_ACCOUNT, SANDBOX_IN_PRODUCTION_CONSENT } from './settings/payment-settings';
export { DEMO_SELLER } from './settings/seller-identity';
export {
  PrivateSigningJwkSchema,
  type PrivateSigningJwk,
  type PublicSigningJwk,
} from './settings/license-signing';
export { fastifyTrustProxy } from './settings/trust-proxy';

/**
 * The only reader of the environment (each setting is parsed here or in settings/). `loadConfig` is
 * pure: it takes the env object and returns a typed config or throws a `ConfigError` naming
 * every bad variable, so a misconfigured server stops before it opens anything.
 */

export const SESSION_SECRET_MIN_LENGTH = 32;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: optionalText,
  DATABASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user@host:5432/db').optional(),
  ),
  PUBLIC_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(['http:', 'https:'], 'http(s)://host[:port]').optional(),
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  SESSION_SECRET: optionalText.pipe(
    z
      .string()
      .min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`)
      .optional(),
  ),
  COOKIE_SECURE: booleanFlag.optional(),
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@host:587').optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Cadran <no-reply@cadran.fr>'),
  SUPPORT_EMAIL: z.email().default(SUPPORT_EMAIL),
  ...PaymentEnvSchema.shape,
  ...ViesEnvSchema.shape,
  ...SellerEnvSchema.shape,
  ...AccountingEnvSchema.shape,
  ...EinvoiceEnvSchema.shape,
  ...LicenseSigningEnvSchema.shape,
  ...ReleaseEnvSchema.shape,
  ...RenewalEnvSchema.shape,
  TRUST_PROXY: trustProxy.default({ kind: 'none' }),
  WEB_DIST_DIR: optionalText,
  SEED_DEMO: booleanFlag.default(true),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Outside production only: 'required' makes staff enrol an authenticator as production does. */
  STAFF_SECOND_FACTOR: z.enum(['required', 'optional']).optional(),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Absolute. Holds the PGlite data, the outbox and the development session secret. */
  dataDir: string;
  /** Absent: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** Origin the browser uses (no trailing slash); links in mails and CSP derive from it. */
  publicUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Required in production; in development `resolveSessionSecret` fills it from the data dir. */
  sessionSecret: string | undefined;
  cookieSecure: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** In production only with PAYMENT_SANDBOX_IN_PRODUCTION, and then warned about at start. */
  paymentSandbox: boolean;
  /** Card payments through Stripe Checkout; absent: the sandbox stands in when enabled. */
  stripe: StripeConfig | undefined;
  /** PayPal Orders v2; absent: the sandbox stands in when enabled. */
  paypal: PaypalConfig | undefined;
  /** Where transfers go; absent (production without BANK_*): bank transfer is not offered. */
  bankAccount: BankAccountConfig | undefined;
  /** The VAT number register (VIES): where, how long to wait, or off. */
  vies: ViesConfig;
  /** The company printed on invoices: required in production, the demo company elsewhere. */
  seller: SellerIdentity;
  /** The accounts of the sales journal export. */
  journalAccounts: JournalAccounts;
  /** Where e-invoices are sent: none, the demo's platform or an approved platform's connector. */
  einvoicePlatform: EinvoicePlatformName;
  /** The key that signs licence files: required in production, generated per data dir elsewhere. */
  licenseSigning: LicenseSigningConfig;
  /** Where release artifacts are kept and their size limit. */
  releases: ReleaseConfig;
  trustProxy: TrustProxy;
  /** The API reference at /api/docs: on outside production, opt-in with API_DOCS in production. */
  apiDocs: boolean;
  webDistDir: string;
  seedDemo: boolean;
  /**
   * Multiplies every rate limit's maximum. 1 (the default) in any real deployment; load tests
   * (`npm run bench`) raise it explicitly so the limits do not throttle the measure.
   */
  rateLimitMultiplier: number;
  /**
   * Whether staff must have an authenticator (TOTP) to use the back office: always in
   * production; optional in the demo unless STAFF_SECOND_FACTOR=required. A staff member who
   * enrolled one is always asked for it.
   */
  staffSecondFactorRequired: boolean;
  /** Automatic renewal: when a failed charge is tried again. */
  renewals: RenewalConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const payments = paymentSettings(e, isProduction);
  const seller = sellerSettings(e, isProduction, e.SUPPORT_EMAIL);
  const signing = licenseSigningSettings(e, isProduction);
  const einvoices = einvoiceSettings(e, isProduction);
  const problems = [
    ...(einvoices.ok ? [] : einvoices.problems),
    ...(payments.ok ? [] : payments.problems),
    ...(isProduction ? productionProblems(e) : []),
    ...(seller.ok ? [] : seller.problems),
    ...(signing.ok ? [] : signing.problems),
  ];
  if (!payments.ok || !seller.ok || !signing.ok || !einvoices.ok || problems.length > 0) {
    throw new ConfigError(problems);
  }

  const port = e.PORT;
  // A relative DATA_DIR / WEB_DIST_DIR is resolved against the cwd, as any path on a command line.
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : DEFAULT_DATA_DIR;
  const webDistDir = e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://127.0.0.1:${port}`).origin;

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    sessionSecret: e.SESSION_SECRET,
    cookieSecure: e.COOKIE_SECURE ?? isProduction,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    // Real payment providers only where explicitly configured: production defaults to off.
    paymentSandbox: e.PAYMENT_SANDBOX ?? !isProduction,
    ...payments.settings,
    vies: viesSettings(e, e.NODE_ENV),
    // The account transfers are paid into is the seller's, printed on invoices paid so.
    seller: payments.settings.bankAccount
      ? { ...seller.seller, iban: payments.settings.bankAccount.iban }
      : seller.seller,
    journalAccounts: journalAccountsOf(e),
    einvoicePlatform: einvoices.platform,
    licenseSigning: signing.settings,
    releases: releaseSettings(e, e.DATABASE_URL !== undefined),
    trustProxy: e.TRUST_PROXY,
    // It documents the admin API too: public only where someone chose so.
    apiDocs: e.API_DOCS ?? !isProduction,
    staffSecondFactorRequired: isProduction || e.STAFF_SECOND_FACTOR === 'required',
    webDistDir,
    seedDemo: e.SEED_DEMO,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    renewals: { retryDays: e.RENEWAL_RETRY_DAYS },
  };
}

type ParsedEnv = z.infer<typeof EnvSchema>;

/** Settings that are fine on a workstation and dangerous on the public site. */
function productionProblems(e: ParsedEnv): string[] {
  const problems: string[] = [];
  if (!e.SESSION_SECRET) {
    problems.push(
      `SESSION_SECRET: required in production (at least ${SESSION_SECRET_MIN_LENGTH} random characters, ` +
        'e.g. the output of `openssl rand -base64 48`)',
    );
  }
  if (e.STAFF_SECOND_FACTOR === 'optional') {
    problems.push(
      'STAFF_SECOND_FACTOR: refused in production: the back office always asks staff for a second factor',
    );
  }
  if (e.TRUST_PROXY.kind === 'everyone') {
    problems.push(
      `TRUST_PROXY: refused in production: ${TRUST_EVERYONE_RISK}; ${TRUST_PROXY_ADVICE}`,
    );
  }
  if (e.PAYMENT_SANDBOX === true && !e.PAYMENT_SANDBOX_IN_PRODUCTION) {
    problems.push(
      'PAYMENT_SANDBOX: refused in production: the sandbox stands in for every payment method ' +
        'without keys and lets any customer mark their own order paid. For a staging install ' +
        `that must take no money, also set PAYMENT_SANDBOX_IN_PRODUCTION=${SANDBOX_IN_PRODUCTION_CONSENT}`,
    );
  }
  return problems;
}

export interface StartupWarning {
  /** The variable to change. */
  setting: string;
  message: string;
}

/** Accepted settings an operator must hear about at every start (logged by buildApp). */
export function startupWarnings(config: Config): StartupWarning[] {
  const warnings: StartupWarning[] = [];
  if (config.trustProxy.kind === 'everyone') {
    warnings.push({
      setting: 'TRUST_PROXY',
      message: `${TRUST_EVERYONE_RISK}: for local tests only; ${TRUST_PROXY_ADVICE}`,
    });
  }
  if (config.isProduction && config.paymentSandbox) {
    warnings.push({
      setting: 'PAYMENT_SANDBOX',
      message:
        'the payment sandbox is on in production: payment methods without provider keys go to ' +
        'the sandbox page, where any customer can mark their own order paid without paying',
    });
  }
  return warnings;
}
/** A config whose session secret is known: what the running app needs. */
export type AppConfig = Config & { sessionSecret: string };

/** The entry point's reading of the real environment; everything else receives a Config. */
export const loadConfigFromProcess = (): Config => loadConfig(process.env);
