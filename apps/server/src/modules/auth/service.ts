import type { Register } from '@cadran/domain/auth';
import type { Language } from '@cadran/domain/constants';
import type { Database } from '../../db/client';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password';
import { AuthRepository, isStaff, type Account, type StoredSession } from './repository';
import { absoluteExpiry, judgeSession } from './session-policy';
import { generateToken, hashToken, isWellFormedToken } from './tokens';

/** A signed-in request: the account and the session it came with. */
export interface AuthContext {
  account: Account;
  session: StoredSession;
  /** A staff account with a confirmed authenticator: its sessions need the second factor. */
  secondFactorEnrolled: boolean;
}

export interface OpenedSession {
  token: string;
  remember: boolean;
  expiresAt: Date;
}

export type RegisterResult =
  { ok: true; account: Account; session: OpenedSession } | { ok: false; reason: 'email_taken' };

/**
 * Accounts and sessions (docs/product.md 'Accounts and sessions'). Sessions are opaque random
 * tokens whose hash is stored; `now` is injectable so lifetimes can be reasoned about in one place.
 */
export class AuthService {
  private readonly repository: AuthRepository;

  constructor(
    db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repository = new AuthRepository(db);
  }

  /** Creates a client account and opens its first session (a browser session). */
  async register(
    input: Register,
    locale: Language,
    previousToken: string | undefined,
    device: string | null = null,
  ): Promise<RegisterResult> {
    const passwordHash = await hashPassword(input.password);
    const account = await this.repository.insertClient({
      email: input.email,
      passwordHash,
      firstName: input.firstname,
      lastName: input.lastname,
      company: input.company === '' ? null : input.company,
      phone: input.phone,
      addressLine1: input.address,
      city: input.city,
      postalCode: input.postal_code,
      country: input.country,
      locale,
    });
    if (!account) return { ok: false, reason: 'email_taken' };
    const session = await this.rotateSession(account.id, false, previousToken, false, device);
    return { ok: true, account, session };
  }

  /**
   * Checks the credentials and, when they hold, replaces this browser's session by a new one
   * (no session fixation). An unknown e-mail costs the same argon2 work as a wrong password.
   */
  async login(
    email: string,
    password: string,
    remember: boolean,
    previousToken: string | undefined,
    device: string | null = null,
  ): Promise<{ account: Account; session: OpenedSession } | { locked: true } | undefined> {
    const found = await this.repository.findCredentials(email);
    if (!found) {
      await verifyAgainstDummy(password);
      return undefined;
    }
    if (!(await verifyPassword(found.passwordHash, password))) return undefined;
    // Said only to whoever knows the password: a locked account opens no session.
    if (found.locked) return { locked: true };
    if (needsRehash(found.passwordHash)) {
      await this.repository.updatePasswordHash(found.account.id, await hashPassword(password));
    }
    // Staff sessions are short and never remembered (session-policy.ts).
    const staff = isStaff(found.account);
    const session = await this.rotateSession(
      found.account.id,
      remember && !staff,
      previousToken,
      staff,
      device,
    );
    return { account: found.account, session };
  }

  /** The account behind a token, or undefined; an expired session is deleted on sight. */
  async authenticate(token: string | undefined): Promise<AuthContext | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    const found = await this.repository.findSession(hashToken(token));
    if (!found) return undefined;
    const now = this.now();
    const verdict = judgeSession(found.session, now, isStaff(found.account));
    if (verdict === 'expired') {
      await this.repository.deleteSessionById(found.session.id);
      return undefined;
    }
    if (verdict === 'valid-touch') {
      await this.repository.touchSession(found.session.id, now);
      found.session.lastSeenAt = now;
    }
    return found;
  }

  /** Ends the session of a token for good; a missing or unknown token is not an error. */
  async logout(token: string | undefined): Promise<boolean> {
    if (!isWellFormedToken(token)) return false;
    return (await this.repository.deleteSessionByTokenHash(hashToken(token))) > 0;
  }

  pruneExpiredSessions(): Promise<number> {
    return this.repository.deleteExpiredSessions(this.now());
  }

  private async rotateSession(
    userId: string,
    remember: boolean,
    previousToken: string | undefined,
    staff = false,
    device: string | null = null,
  ): Promise<OpenedSession> {
    await this.logout(previousToken);
    const now = this.now();
    const token = generateToken();
    const expiresAt = absoluteExpiry(remember, now, staff);
    await this.repository.insertSession({
      tokenHash: hashToken(token),
      userId,
      remember,
      now,
      expiresAt,
      device,
    });
    return { token, remember, expiresAt };
  }
}
