import { recordStaffAction, type StaffActor } from '../../../audit/staff-audit';
import { SecretBox } from '../../../crypto/secret-box';
import type { Database } from '../../../db/client';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { SecondFactorRepository } from './repository';
import { acceptedStep, enrolmentOf, newTotpSecret } from './totp';

/**
 * Staff second factor (docs/product.md 'Back office' ('Staff sign-in')): enrolment of an
 * authenticator app (a secret shown as a QR code, confirmed by a first good code, which also
 * hands out the recovery codes), then a code (or a recovery code) once per session.
 */

export type SecondFactorProof = { code: string } | { recovery_code: string };

export interface SecondFactorStatus {
  enrolled: boolean;
  recoveryCodesLeft: number;
}

export type EnrolmentStart =
  { kind: 'started'; secret: string; uri: string; qrSvg: string } | { kind: 'already_enrolled' };

export type EnrolmentConfirmation =
  | { kind: 'confirmed'; recoveryCodes: string[] }
  | { kind: 'not_started' }
  | { kind: 'invalid_code' };

export type Verification = { kind: 'verified'; usedRecoveryCode: boolean } | { kind: 'refused' };

export class SecondFactorService {
  private readonly repository: SecondFactorRepository;
  private readonly box: SecretBox;

  constructor(
    db: Database,
    serverSecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repository = new SecondFactorRepository(db);
    this.box = new SecretBox(serverSecret, 'staff-totp-secret');
  }

  async status(userId: string): Promise<SecondFactorStatus> {
    const factor = await this.repository.find(userId);
    const enrolled = Boolean(factor?.confirmedAt);
    return {
      enrolled,
      recoveryCodesLeft: enrolled ? await this.repository.countUnusedRecoveryCodes(userId) : 0,
    };
  }

  async startEnrolment(actor: StaffActor): Promise<EnrolmentStart> {
    const secret = newTotpSecret();
    if (!(await this.repository.savePending(actor.id, this.box.seal(secret)))) {
      return { kind: 'already_enrolled' };
    }
    return { kind: 'started', secret, ...(await enrolmentOf(secret, actor.email)) };
  }

  async confirmEnrolment(
    actor: StaffActor,
    sessionId: string,
    code: string,
  ): Promise<EnrolmentConfirmation> {
    const factor = await this.repository.find(actor.id);
    if (!factor || factor.confirmedAt) return { kind: 'not_started' };
    const secret = this.box.open(factor.secretCiphertext);
    const now = this.now();
    const step = secret === undefined ? undefined : acceptedStep(secret, code, now, null);
    if (step === undefined) return { kind: 'invalid_code' };
    const recoveryCodes = newRecoveryCodes();
    const confirmed = await this.repository.db.transaction(async (tx) => {
      if (!(await this.repository.claimStep(tx, actor.id, step, true, now))) return false;
      await this.repository.replaceRecoveryCodes(
        tx,
        actor.id,
        recoveryCodes.map((typed) => recoveryCodeHash(typed) ?? ''),
      );
      await this.repository.markSessionVerified(tx, sessionId, now);
      await recordStaffAction(tx, actor, {
        action: 'staff.second_factor_enrol',
        target: { type: 'account', id: actor.id },
        after: { enrolled: true, recovery_codes: recoveryCodes.length },
      });
      return true;
    });
    return confirmed ? { kind: 'confirmed', recoveryCodes } : { kind: 'not_started' };
  }

  /** Proves the second factor for this session with a code, or spends a recovery code. */
  async verify(
    actor: StaffActor,
    sessionId: string,
    proof: SecondFactorProof,
  ): Promise<Verification> {
    const factor = await this.repository.find(actor.id);
    if (!factor?.confirmedAt) return { kind: 'refused' };
    const now = this.now();
    const { db } = this.repository;
    if ('recovery_code' in proof) {
      const hash = recoveryCodeHash(proof.recovery_code);
      if (!hash) return { kind: 'refused' };
      const spent = await db.transaction(async (tx) => {
        if (!(await this.repository.spendRecoveryCode(tx, actor.id, hash, now))) return false;
        await this.repository.markSessionVerified(tx, sessionId, now);
        await recordStaffAction(tx, actor, {
          action: 'staff.recovery_code_use',
          target: { type: 'account', id: actor.id },
        });
        return true;
      });
      return spent ? { kind: 'verified', usedRecoveryCode: true } : { kind: 'refused' };
    }
    const secret = this.box.open(factor.secretCiphertext);
    const step =
      secret === undefined ? undefined : acceptedStep(secret, proof.code, now, factor.lastStep);
    if (step === undefined) return { kind: 'refused' };
    const claimed = await db.transaction(async (tx) => {
      if (!(await this.repository.claimStep(tx, actor.id, step, false, now))) return false;
      await this.repository.markSessionVerified(tx, sessionId, now);
      return true;
    });
    return claimed ? { kind: 'verified', usedRecoveryCode: false } : { kind: 'refused' };
  }
}
