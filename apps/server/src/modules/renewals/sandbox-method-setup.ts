import type { MessageKey } from '@cadran/domain/messages';
import type { MethodSetup } from '@cadran/domain/method-setup-api';
import type { SandboxDecision } from '@cadran/domain/payments';
import type { Database } from '../../db/client';
import { completeMethodSetup, findOwnedSetup } from '../licenses/method-setups';
import type { SandboxProvider } from '../payments/sandbox-provider';

export interface SandboxSetupDeps {
  db: Database;
  sandbox: SandboxProvider | undefined;
  now: () => Date;
}

export type SandboxSetupAnswer =
  | { kind: 'not_found' }
  | { kind: 'refused'; message: MessageKey }
  | { kind: 'decided'; saved: boolean; setup: MethodSetup };

/** A sandbox setup of its owner, as the setup page reads it; nothing for anyone else. */
export async function sandboxSetupOf(
  deps: Pick<SandboxSetupDeps, 'db' | 'sandbox'>,
  setupId: string,
  userId: string,
): Promise<MethodSetup | undefined> {
  if (!deps.sandbox) return undefined;
  const found = await findOwnedSetup(deps.db, setupId, userId);
  return found?.row.provider === 'sandbox' ? found.view : undefined;
}

/**
 * The owner's decision on the sandbox's setup page, with the body of a sandbox payment: `pay`
 * saves the test method typed (the always-accepted card when none) and puts it on the licence;
 * `decline` keeps the method on file. A number whose first use fails is refused as the bank
 * would refuse to save it. Decided once: a second decision only reads the outcome.
 */
export async function decideSandboxSetup(
  deps: SandboxSetupDeps,
  setupId: string,
  userId: string,
  choice: SandboxDecision,
): Promise<SandboxSetupAnswer> {
  const found = deps.sandbox && (await findOwnedSetup(deps.db, setupId, userId));
  if (!deps.sandbox || !found || found.row.provider !== 'sandbox') return { kind: 'not_found' };
  if (found.row.status !== 'open' || choice.decision === 'decline') {
    return { kind: 'decided', saved: found.row.status === 'completed', setup: found.view };
  }
  const now = deps.now();
  const method = deps.sandbox.setupMethod(found.row.id, choice, now);
  if (!method) return { kind: 'refused', message: 'payment.declined' };
  await deps.db.transaction((tx) => completeMethodSetup(tx, found.row, method, now));
  const after = await findOwnedSetup(deps.db, setupId, userId);
  return { kind: 'decided', saved: true, setup: after?.view ?? found.view };
}
