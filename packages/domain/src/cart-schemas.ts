import { z } from 'zod';
import {
  CART_LINE_LIMITS,
  CART_STORAGE_VERSION,
  NO_CUSTOMIZATIONS,
  type CartCustomizations,
  type CartLine,
  type CartTemplate,
  type PersistedCart,
} from './cart';
import { CART_LINES_MAX, EXTRAS_MAX, EXTRAS_MIN, QUANTITY_MAX, QUANTITY_MIN } from './constants';
import { boundedInt, invalidInput } from './fields';
import { MAX_CENTS } from './money';
import { BillingCycleSchema } from './wire-schemas';

/**
 * The cart's shapes as zod schemas, for the order payload (orders.ts) and the API documents.
 * cart.ts reads stored carts without zod so the first page does not ship it (docs/quality.md); the
 * property test in cart-schemas.test.ts keeps both readers in agreement.
 */

/**
 * Extra domains and installations per unit, 0 to 10 each (docs/product.md 'Limits and constants').
 */
export const CartCustomizationsSchema = z.object(
  {
    extra_domains: boundedInt(EXTRAS_MIN, EXTRAS_MAX, 'checkout.extras_range').default(0),
    extra_installations: boundedInt(EXTRAS_MIN, EXTRAS_MAX, 'checkout.extras_range').default(0),
  },
  invalidInput,
);

const centsField = z.number().int().min(0).max(MAX_CENTS);

/** The template snapshot a cart line keeps (docs/product.md 'Cart'), amounts in cents. */
export const CartTemplateSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().max(CART_LINE_LIMITS.nameMax),
  description: z.string().max(CART_LINE_LIMITS.descriptionMax),
  priceCents: centsField,
  setupFeeCents: centsField.default(0),
  billingCycle: BillingCycleSchema.optional(),
  domainLimit: z.number().int().min(1).max(CART_LINE_LIMITS.limitMax),
  installationLimit: z.number().int().min(1).max(CART_LINE_LIMITS.limitMax),
  updatePermissions: z.boolean(),
});

export const CartLineSchema = z.object({
  id: z.string().min(1).max(CART_LINE_LIMITS.idMax),
  template: CartTemplateSchema,
  quantity: z.number().int().min(QUANTITY_MIN).max(QUANTITY_MAX),
  customizations: CartCustomizationsSchema.default(NO_CUSTOMIZATIONS),
});

export const PersistedCartSchema = z.object({
  version: z.literal(CART_STORAGE_VERSION),
  items: z.array(CartLineSchema).max(CART_LINES_MAX),
});

// The schemas and cart.ts's interfaces describe the same values: compilation fails otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<z.infer<typeof CartCustomizationsSchema>, CartCustomizations>,
  Same<z.infer<typeof CartTemplateSchema>, CartTemplate>,
  Same<z.infer<typeof CartLineSchema>, CartLine>,
  Same<z.infer<typeof PersistedCartSchema>, PersistedCart>,
] = [true, true, true, true];
void sameShapes;
