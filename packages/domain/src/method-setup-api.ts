import { z } from 'zod';
import { successEnvelope } from './api';
import { SavedMethodSchema } from './auto-renewal-api';

/**
 * Saving a new payment method for a licence's automatic renewals, outside any payment
 * (docs/product.md 'Licences' ('Automatic renewal')): the owner asks for a page where the
 * method is saved (the provider's, or the sandbox's in the demo), then comes back to the
 * licence. The sandbox page reads the setup and saves a test method with the same decision
 * body as a sandbox payment (`{ decision: 'pay', card_number }`).
 */

export const METHOD_SETUP_STATES = ['open', 'completed'] as const;

export const MethodSetupSchema = z.object({
  id: z.uuid(),
  status: z.enum(METHOD_SETUP_STATES),
  license_id: z.uuid(),
  license_key: z.string(),
  /** The method on file now, which the new one replaces; null when there is none. */
  current_method: SavedMethodSchema.nullable(),
});
export type MethodSetup = z.infer<typeof MethodSetupSchema>;

export const MethodSetupResponseSchema = successEnvelope({ setup: MethodSetupSchema });

/** After the sandbox decision: the setup as it stands, and the licence page to go back to. */
export const MethodSetupDecisionResponseSchema = successEnvelope({
  setup: MethodSetupSchema,
  saved: z.boolean(),
  message: z.string(),
  redirect_url: z.string().startsWith('/'),
});
export type MethodSetupDecisionResponse = z.infer<typeof MethodSetupDecisionResponseSchema>;
