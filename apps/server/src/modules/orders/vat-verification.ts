import { eq } from 'drizzle-orm';
import type { EuCountry } from '@cadran/domain/countries';
import { vatPrefixOf } from '@cadran/domain/vat-number';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { vatNumberChecks } from '../../db/schema/promo-codes';
import type { ViesClient } from './vies-client';

/**
 * A VAT number that passed the offline check, asked of VIES
 * (docs/decisions/014-vies-and-promo-redemptions.md): `verified` or `invalid` when VIES
 * answered, `format_checked` when it could not (off, slow, down). Answers are kept in
 * vat_number_checks so a quote asked again does not ask VIES again: a confirmation for a day,
 * a refusal for an hour (a number just registered shows up soon); an unreachable VIES is never
 * kept, so the next quote asks again.
 */

export const VIES_VALID_TTL_MS = 24 * 60 * 60 * 1000;
export const VIES_INVALID_TTL_MS = 60 * 60 * 1000;

export interface VatNumberCheckResult {
  vatNumber: string;
  country: EuCountry;
  status: 'verified' | 'format_checked' | 'invalid';
  consultationNumber: string | null;
  checkedAt: Date;
}

export class VatNumberVerifier {
  constructor(
    private readonly db: Database,
    private readonly vies: ViesClient,
  ) {}

  /** `normalized` is checkVatNumber's form ("EL094259216"); `country` its member state. */
  async verify(normalized: string, country: EuCountry): Promise<VatNumberCheckResult> {
    const now = new Date();
    const cached = await this.cached(normalized, now);
    if (cached) return { ...cached, country };

    const prefix = vatPrefixOf(country);
    const answer = await this.vies.check(prefix, normalized.slice(prefix.length));
    if (answer.kind === 'unavailable') {
      return {
        vatNumber: normalized,
        country,
        status: 'format_checked',
        consultationNumber: null,
        checkedAt: now,
      };
    }
    const status = answer.kind === 'valid' ? 'verified' : 'invalid';
    const consultationNumber = answer.kind === 'valid' ? answer.consultationNumber : null;
    await keepVatNumberCheck(this.db, {
      vatNumber: normalized,
      status,
      consultationNumber,
      at: now,
    });
    return { vatNumber: normalized, country, status, consultationNumber, checkedAt: now };
  }

  private async cached(normalized: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(vatNumberChecks)
      .where(eq(vatNumberChecks.vatNumber, normalized))
      .limit(1);
    if (!row) return undefined;
    const ttl = row.status === 'verified' ? VIES_VALID_TTL_MS : VIES_INVALID_TTL_MS;
    if (now.getTime() - row.checkedAt.getTime() >= ttl) return undefined;
    return {
      vatNumber: row.vatNumber,
      status: row.status,
      consultationNumber: row.consultationNumber,
      checkedAt: row.checkedAt,
    };
  }
}

/**
 * Keeps an answer about a number for the next quotes and orders: VIES's, or a staff member's
 * confirmation by hand (no consultation number), which then holds as VIES's would, so the
 * buyer's next order is not taxed again while VIES still cannot answer.
 */
export async function keepVatNumberCheck(
  executor: Executor,
  check: {
    vatNumber: string;
    status: 'verified' | 'invalid';
    consultationNumber: string | null;
    at: Date;
  },
): Promise<void> {
  const { vatNumber, status, consultationNumber, at } = check;
  await executor
    .insert(vatNumberChecks)
    .values({ vatNumber, status, consultationNumber, checkedAt: at })
    .onConflictDoUpdate({
      target: vatNumberChecks.vatNumber,
      set: { status, consultationNumber, checkedAt: at },
    });
}
