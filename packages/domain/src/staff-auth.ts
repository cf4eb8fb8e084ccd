import { z } from 'zod';
import { successEnvelope } from './api';

/**
 * The staff second factor's wire shapes (docs/product.md 'Back office' ('Staff sign-in')): a
 * six-digit code from an authenticator app, or one of the recovery codes given at enrolment.
 */

const CodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'staff.second_factor_invalid');

export const SecondFactorCodeSchema = z.object({ code: CodeSchema });

export const SecondFactorProofSchema = z.union([
  z.object({ code: CodeSchema }).strict(),
  z.object({ recovery_code: z.string().trim().min(10).max(20) }).strict(),
]);
export type SecondFactorProofInput = z.infer<typeof SecondFactorProofSchema>;

export const SecondFactorStatusResponseSchema = successEnvelope({
  /** An authenticator is set up for this account. */
  enrolled: z.boolean(),
  /** This session has proved it. */
  verified: z.boolean(),
  /** The back office refuses this account until it has one. */
  required: z.boolean(),
  recovery_codes_left: z.number().int().min(0),
});

export const SecondFactorEnrolmentResponseSchema = successEnvelope({
  /** The secret in base32, for apps that cannot scan. */
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_svg: z.string(),
});

export const SecondFactorConfirmResponseSchema = successEnvelope({
  recovery_codes: z.array(z.string()),
  message: z.string(),
});

export const SecondFactorVerifyResponseSchema = successEnvelope({ message: z.string() });
