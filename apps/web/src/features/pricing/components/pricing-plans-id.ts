/** The id of the pricing page's plans section, which its help section links back to. */
export const PRICING_PLANS_ID = 'pricing-plans';
