import { PASSWORD_MAX, PASSWORD_MIN, STAFF_ROLES } from '@cadran/domain/auth';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { staffRecoveryCodes, staffSecondFactors } from '../../db/schema/staff';
import { sessions, users } from '../../db/schema/users';
import { hashPassword } from '../auth/password';
import { isBreachedPassword } from '../auth/password-policy';

/**
 * Administrators (`npm run admin -- create-admin --email E --password P`;
 * docs/product.md 'Back office'). An unknown address becomes a new admin account; a known one is
 * promoted and gets the given password, and its open sessions end, since whoever held them may not
 * know the new password.
 */

export const AdminAccountInputSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('must be a valid email address')),
  password: z
    .string()
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
    // The rule every other new password follows (registration, reset, change): a staff
    // account holds the keys to every customer's data.
    .refine(
      async (password) => !(await isBreachedPassword(password)),
      'is one of the most common passwords of public breaches: choose another',
    ),
  firstName: z.string().trim().min(1).max(100).default('Administrateur'),
  lastName: z.string().trim().min(1).max(100).default('Cadran'),
  role: z.enum(STAFF_ROLES).default('admin'),
  /** For a staff member who lost their authenticator: they enrol a new one at next sign-in. */
  resetSecondFactor: z.boolean().default(false),
});
export type AdminAccountInput = z.input<typeof AdminAccountInputSchema>;

export interface AdminAccountResult {
  action: 'created' | 'promoted' | 'updated';
  userId: string;
  email: string;
  /** Sessions ended because the password changed. */
  sessionsEnded: number;
  secondFactorReset: boolean;
}

export async function createOrPromoteAdmin(
  db: Database,
  input: AdminAccountInput,
): Promise<AdminAccountResult> {
  const { email, password, firstName, lastName, role, resetSecondFactor } =
    await AdminAccountInputSchema.parseAsync(input);
  const passwordHash = await hashPassword(password);

  const [existing] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, email));

  if (existing) {
    const { ended, reset } = await db.transaction(async (tx) => {
      await tx.update(users).set({ role, passwordHash }).where(eq(users.id, existing.id));
      const factors = resetSecondFactor
        ? await tx
            .delete(staffSecondFactors)
            .where(eq(staffSecondFactors.userId, existing.id))
            .returning({ userId: staffSecondFactors.userId })
        : [];
      if (resetSecondFactor) {
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, existing.id));
      }
      const sessionsEnded = await tx
        .delete(sessions)
        .where(eq(sessions.userId, existing.id))
        .returning({ id: sessions.id });
      return { ended: sessionsEnded.length, reset: factors.length > 0 };
    });
    return {
      action: existing.role === role ? 'updated' : 'promoted',
      userId: existing.id,
      email,
      sessionsEnded: ended,
      secondFactorReset: reset,
    };
  }

  // Staff accounts have no postal identity; the client-only columns stay empty.
  const [created] = await db
    .insert(users)
    .values({
      email,
      passwordHash,
      role,
      firstName,
      lastName,
      phone: '',
      addressLine1: '',
      city: '',
      postalCode: '',
    })
    .returning({ id: users.id });
  if (!created) throw new Error('admin insert returned no row');
  return {
    action: 'created',
    userId: created.id,
    email,
    sessionsEnded: 0,
    secondFactorReset: false,
  };
}
