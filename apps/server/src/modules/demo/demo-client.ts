import { RegisterSchema } from '@cadran/domain/auth';
import { OrderCreateSchema } from '@cadran/domain/orders';
import { sampleBilling, sampleOrderItem, sampleRegistration } from '@cadran/domain/sample-buyer';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { licenseTemplates } from '../../db/schema/catalog';
import { licenses } from '../../db/schema/licenses';
import { users } from '../../db/schema/users';
import { checkout } from '../checkout/checkout';

/**
 * The demo's client account (README 'Demo data'), so the client area shows every side of the
 * release rule at the first start: a Pro licence (a plan with updates) whose term ended five
 * days ago, in its grace, covers the releases published before that and needs a renewal for
 * the newest one; a Starter licence (a plan without updates) bought sixty days ago keeps the
 * releases published before it and is never offered the later ones. The orders go through the
 * shop's own checkout and the recording of a bank transfer, so they have their invoices and
 * licences like any other; only the licences' dates are then moved back. Written once: an
 * account already there is left as it is.
 */

export const DEMO_CLIENT = {
  email: 'client@demo.cadran.fr',
  password: 'demo-cadran-client',
} as const;

/** The sample buyer's company (@cadran/domain/sample-buyer), marked as the demo's. */
const DEMO_COMPANY = 'Atelier Martin (démo)';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each licence of the demo: the offer bought, and its term counted back from the first start. */
const DEMO_LICENCES = [
  { template: 'pro-annually', startedDaysAgo: 370, endedDaysAgo: 5 },
  { template: 'starter-annually', startedDaysAgo: 60, endedDaysAgo: 60 - 365 },
] as const;

export async function seedDemoClient(app: FastifyInstance, now: Date): Promise<boolean> {
  const [existing] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_CLIENT.email));
  if (existing) return false;
  const registered = await app.authService.register(
    RegisterSchema.parse({
      ...sampleRegistration,
      company: DEMO_COMPANY,
      email: DEMO_CLIENT.email,
      password: DEMO_CLIENT.password,
    }),
    'fr',
    undefined,
  );
  if (!registered.ok) return false;
  const account = registered.account;
  await app.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, account.id));

  const templates = await app.db
    .select({ id: licenseTemplates.id, seedKey: licenseTemplates.seedKey })
    .from(licenseTemplates)
    .where(
      inArray(
        licenseTemplates.seedKey,
        DEMO_LICENCES.map((demo) => demo.template),
      ),
    );
  for (const demo of DEMO_LICENCES) {
    const template = templates.find((row) => row.seedKey === demo.template);
    if (!template) continue;
    const placed = await checkout({ orders: app.orders, payments: app.payments }, account, {
      body: OrderCreateSchema.parse({
        items: [sampleOrderItem(template.id)],
        billing_address: { ...sampleBilling, company: DEMO_COMPANY, email: DEMO_CLIENT.email },
        payment_method: 'bank_transfer',
        notes: '',
      }),
      idempotencyKey: null,
      language: 'fr',
    });
    if (placed.kind !== 'created') continue;
    await app.fulfilment.settleBankTransfer(
      { orderId: placed.order.order.id },
      { note: 'Demo data', actor: 'demo' },
    );
    await app.db
      .update(licenses)
      .set({
        startsAt: new Date(now.getTime() - demo.startedDaysAgo * DAY_MS),
        expiresAt: new Date(now.getTime() - demo.endedDaysAgo * DAY_MS),
      })
      .where(eq(licenses.orderId, placed.order.order.id));
  }
  return true;
}
