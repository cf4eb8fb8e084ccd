import { z } from 'zod';

/**
 * The JSON body of every error answer (see docs/architecture.md, "Errors").
 * `errors` maps a field path ("items.0.primary_domain") to its messages.
 */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  /** A stable reason for programs, on the APIs that have one (the licence API). */
  code: z.string().optional(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * Every success answer carries `success: true` beside its payload
 * (docs/product.md 'Errors and messages' ('The error shape')).
 */
export const successEnvelope = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ success: z.literal(true), ...shape });
