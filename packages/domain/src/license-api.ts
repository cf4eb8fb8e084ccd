import { z } from 'zod';
import { successEnvelope } from './api';
import { AutoRenewSchema, PendingPlanChangeSchema } from './auto-renewal-api';
import { domainNameSchema } from './domain-name';
import { LICENSE_STATUSES } from './licenses';
import { PaymentMethodSchema } from './order-status';
import { QuoteSchema } from './quote-answer';
import { DecimalStringSchema } from './wire-schemas';

/**
 * Payloads of the licence API (docs/product.md 'Licences'): the activation API a Cadran CMS
 * installation calls, and the owner's own list. Dates travel as ISO strings; a licence that
 * never expires has `expires_at: null`.
 */

/** Refusals of the activation API: stable values an installation can switch on. */
export const LICENSE_ERROR_CODES = [
  'license_not_found',
  'instance_not_found',
  'domain_not_allowed',
  'activation_limit_reached',
  'license_expired',
  'license_suspended',
  'license_revoked',
  'rate_limited',
] as const;
export type LicenseErrorCode = (typeof LICENSE_ERROR_CODES)[number];
/** What a licence use case refuses with (the rate limit is the route's). */
export type LicenseRefusalCode = Exclude<LicenseErrorCode, 'rate_limited'>;

/** Longest key looked at: a real one has 23 characters, room is left for spaces around it. */
export const LICENSE_KEY_INPUT_MAX = 64;
export const INSTANCE_NAME_MAX = 100;

/** Keys are typed from paper or pasted: case and surrounding spaces do not matter. */
export const LicenseKeyInputSchema = z
  .string({ error: 'license.key_required' })
  .max(LICENSE_KEY_INPUT_MAX, { error: 'validation.too_long' })
  .transform((value) => value.trim().toUpperCase())
  .refine((value) => value !== '', { error: 'license.key_required' });

const InstanceIdSchema = z.uuid({ error: 'license.instance_id_invalid' });

export const LicenseActivateSchema = z.object({
  license_key: LicenseKeyInputSchema,
  domain: domainNameSchema({
    required: 'license.domain_required',
    invalid: 'license.domain_invalid',
  }),
  instance_name: z
    .string({ error: 'license.instance_name_required' })
    .trim()
    .min(1, { error: 'license.instance_name_required' })
    .max(INSTANCE_NAME_MAX, { error: 'validation.too_long' }),
});
export type LicenseActivate = z.infer<typeof LicenseActivateSchema>;

export const LicenseValidateSchema = z.object({
  license_key: LicenseKeyInputSchema,
  instance_id: InstanceIdSchema.optional(),
});
export type LicenseValidate = z.infer<typeof LicenseValidateSchema>;

export const LicenseDeactivateSchema = z.object({
  license_key: LicenseKeyInputSchema,
  instance_id: InstanceIdSchema,
});
export type LicenseDeactivate = z.infer<typeof LicenseDeactivateSchema>;

export const LicenseStatusSchema = z.enum(LICENSE_STATUSES);

export const LicenseInstanceSchema = z.object({
  id: z.string(),
  domain: z.string(),
  name: z.string(),
  created_at: z.string(),
});
export type LicenseInstance = z.infer<typeof LicenseInstanceSchema>;

/** A licence as the activation API and its signed file state it. */
export const LicenseStateSchema = z.object({
  key: z.string(),
  template: z.object({ id: z.number().int(), name: z.string(), billing_cycle: z.string() }),
  status: LicenseStatusSchema,
  domains: z.array(z.string()),
  domain_limit: z.number().int(),
  installation_limit: z.number().int(),
  active_instances: z.number().int(),
  starts_at: z.string(),
  expires_at: z.string().nullable(),
  /** The end of the grace period once expired; null otherwise. */
  grace_ends_at: z.string().nullable(),
  updates_until: z.string().nullable(),
});
export type LicenseState = z.infer<typeof LicenseStateSchema>;

export const LicenseActivateResponseSchema = successEnvelope({
  instance: LicenseInstanceSchema,
  license: LicenseStateSchema,
  license_file: z.string(),
});

export const LicenseValidateResponseSchema = successEnvelope({
  valid: z.boolean(),
  status: LicenseStatusSchema,
  license: LicenseStateSchema,
  /** The instance asked about, when it is active on this licence. */
  instance: LicenseInstanceSchema.nullable(),
  license_file: z.string(),
});

export const LicenseDeactivateResponseSchema = successEnvelope({
  license: LicenseStateSchema,
  message: z.string(),
});

/** An installation as its owner and staff see it: when it last checked its licence too. */
export const OwnedLicenseInstanceSchema = LicenseInstanceSchema.extend({
  last_check_in_at: z.string().nullable(),
});
export type OwnedLicenseInstance = z.infer<typeof OwnedLicenseInstanceSchema>;

/** The owner's view: the state plus where it came from and its installations. */
export const OwnedLicenseSchema = LicenseStateSchema.extend({
  id: z.string(),
  order_id: z.string(),
  update_permissions: z.boolean(),
  renewable: z.boolean(),
  /** What renewing costs today, excluding VAT; null when the licence does not renew. */
  renewal_price: DecimalStringSchema.nullable(),
  instances: z.array(OwnedLicenseInstanceSchema),
  /** Whether it renews itself, with which saved method, when and for how much (cents). */
  auto_renew: AutoRenewSchema,
  /** A plan change waiting for the next renewal (a downgrade); null when none. */
  pending_plan_change: PendingPlanChangeSchema.nullable(),
});
export type OwnedLicense = z.infer<typeof OwnedLicenseSchema>;

export const OwnedLicensesResponseSchema = successEnvelope({
  licenses: z.array(OwnedLicenseSchema),
});

export const OwnedLicenseResponseSchema = successEnvelope({
  license: OwnedLicenseSchema,
  message: z.string(),
});

export const LicenseInstanceParamsSchema = z.object({
  id: z.string().max(100),
  instanceId: z.string().max(100),
});

/** A renewal is paid like an order: the method, nothing else (the address is the order's). */
export const LicenseRenewSchema = z.object({
  payment_method: PaymentMethodSchema,
});
export type LicenseRenew = z.infer<typeof LicenseRenewSchema>;

/**
 * GET /licenses/{id}/renew/quote: what renewing by hand costs today, VAT included, priced as
 * the renewal order will be, so the owner sees the amount before going to pay.
 */
export const RenewalQuoteResponseSchema = successEnvelope({ quote: QuoteSchema });
export type RenewalQuoteResponse = z.infer<typeof RenewalQuoteResponseSchema>;

/** The public keys that verify licence files (RFC 7517). */
export const JwksSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('OKP'),
      crv: z.literal('Ed25519'),
      x: z.string(),
      kid: z.string(),
      alg: z.literal('EdDSA'),
      use: z.literal('sig'),
    }),
  ),
});
