import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Language } from '@cadran/domain/constants';
import { isUuid } from '@cadran/domain/uuid';
import type { Database } from '../../db/client';
import { licenses } from '../../db/schema/licenses';
import { methodSetups, savedPaymentMethods } from '../../db/schema/saved-methods';
import { chargedAs, type SavedMethodRow } from '../licenses/saved-methods';
import { findRecipient } from '../order-mail/recipient';
import type { PaymentMethod } from '@cadran/domain/order-status';
import { ProviderUnavailableError, type PaymentProvider } from '../payments/provider';

export interface MethodSetupDeps {
  db: Database;
  /** The provider that takes a checkout method (the real one when configured, else the sandbox). */
  providerFor: (method: PaymentMethod) => PaymentProvider | undefined;
  warn: (facts: object, message: string) => void;
}

export type MethodSetupStart =
  { kind: 'started'; url: string } | { kind: 'not_found' } | { kind: 'unavailable' };

/** The provider's customer already holding this buyer's methods there, to keep them together. */
async function knownCustomer(
  db: Database,
  userId: string,
  provider: SavedMethodRow['provider'],
): Promise<string | null> {
  const [row] = await db
    .select({ customer: savedPaymentMethods.providerCustomer })
    .from(savedPaymentMethods)
    .where(
      and(
        eq(savedPaymentMethods.userId, userId),
        eq(savedPaymentMethods.provider, provider),
        isNotNull(savedPaymentMethods.providerCustomer),
        isNull(savedPaymentMethods.detachedAt),
      ),
    )
    .limit(1);
  return row?.customer ?? null;
}

/**
 * The owner asks to save a new method for one of their licences (docs/product.md 'Licences'
 * ('Automatic renewal')): a setup is written, then the provider of the method on file (a card
 * when there is none) opens the page where the method is saved, nothing being paid. Another
 * account's licence, an unknown one and a malformed id are all not found.
 */
export async function startMethodSetup(
  deps: MethodSetupDeps,
  userId: string,
  licenseId: string,
  language: Language,
): Promise<MethodSetupStart> {
  if (!isUuid(licenseId)) return { kind: 'not_found' };
  const [found] = await deps.db
    .select({ licence: licenses, method: savedPaymentMethods })
    .from(licenses)
    .leftJoin(savedPaymentMethods, eq(savedPaymentMethods.id, licenses.savedMethodId))
    .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
    .limit(1);
  const recipient = found && (await findRecipient(deps.db, userId));
  if (!found || !recipient) return { kind: 'not_found' };
  const provider = deps.providerFor(chargedAs(found.method ?? { type: 'card' }));
  if (!provider?.startMethodSetup || provider.name === 'bank_transfer') {
    return { kind: 'unavailable' };
  }
  const providerName = provider.name;
  const [setup] = await deps.db
    .insert(methodSetups)
    .values({ userId, licenseId, provider: providerName })
    .returning();
  if (!setup) throw new Error('method setup not written');
  try {
    const started = await provider.startMethodSetup({
      setupId: setup.id,
      licenseId,
      customerEmail: recipient.email,
      language,
      customer: await knownCustomer(deps.db, userId, providerName),
    });
    await deps.db
      .update(methodSetups)
      .set({ providerReference: started.reference, url: started.url })
      .where(eq(methodSetups.id, setup.id));
    return { kind: 'started', url: started.url };
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    deps.warn({ err: error, licenseId }, 'payment method setup could not be opened');
    return { kind: 'unavailable' };
  }
}
