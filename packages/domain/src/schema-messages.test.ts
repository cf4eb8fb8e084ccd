import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LoginSchema, RegisterFormSchema } from './auth';
import { BillingAddressSchema } from './billing-address';
import { CartCustomizationsSchema } from './cart-schemas';
import { ContactMessageSchema, NewsletterSubscribeSchema } from './contact';
import { isMessageKey } from './messages';
import { CheckoutFormSchema } from './orders';
import { RoadmapItemCreateSchema, RoadmapItemUpdateSchema } from './roadmap';

/** Every form and request schema must speak in catalogue keys, whatever it is fed. */
const schemas: [string, z.ZodType][] = [
  ['login', LoginSchema],
  ['register form', RegisterFormSchema],
  ['billing address', BillingAddressSchema],
  ['cart customisations', CartCustomizationsSchema],
  ['contact', ContactMessageSchema],
  ['newsletter', NewsletterSubscribeSchema],
  ['checkout', CheckoutFormSchema],
  ['roadmap create', RoadmapItemCreateSchema],
  ['roadmap update', RoadmapItemUpdateSchema],
];

const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string()),
  fc.object(),
);

const orderItem = fc.record({
  template_id: junk,
  quantity: junk,
  customizations: fc.oneof(
    junk,
    fc.record({
      primary_domain: junk,
      additional_domains_list: fc.oneof(junk, fc.array(fc.oneof(fc.string(), fc.integer()))),
      extra_installations: junk,
    }),
  ),
});

describe('schema messages', () => {
  it('checkout items report only catalogue keys', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(orderItem, junk), { maxLength: 3 }), (items) => {
        const result = CheckoutFormSchema.safeParse({ items });
        for (const issue of result.error?.issues ?? []) {
          expect(isMessageKey(issue.message), `${issue.path.join('.')}: ${issue.message}`).toBe(
            true,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each(schemas)('%s reports only catalogue keys', (_name, schema) => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            'email',
            'password',
            'name',
            'subject',
            'message',
            'first_name',
            'last_name',
            'firstname',
            'lastname',
            'country',
            'phone',
            'terms',
            'title',
            'status',
            'extra_domains',
            'items',
            'payment_method',
            'notes',
            'billing_address',
            'password_confirmation',
            'vat_number',
            'sort_order',
            'is_public',
            'remember',
            'website',
            'locale',
            'company',
            'address_line_2',
            'description',
            'category',
            'title_en',
            'newsletter',
          ),
          junk,
        ),
        junk,
        fc.boolean(),
        (record, rootJunk, useRecord) => {
          const input = useRecord ? record : rootJunk;
          const result = schema.safeParse(input);
          for (const issue of result.error?.issues ?? []) {
            expect(isMessageKey(issue.message), `${issue.path.join('.')}: ${issue.message}`).toBe(
              true,
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
