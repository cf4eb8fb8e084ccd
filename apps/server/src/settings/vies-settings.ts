import { z } from 'zod';
import { booleanFlag, urlWithProtocols } from './env-fields';

/**
 * The VIES client's settings (docs/decisions/014-vies-and-promo-redemptions.md): the European
 * Commission's REST endpoint that checks a VAT number, and a short time-out, since the buyer
 * waits on it while the quote or the order is priced. VIES off, slow or down: numbers are
 * recorded as format-checked only and no reverse charge applies.
 */

/** The Commission's public endpoint (POST, JSON body { countryCode, vatNumber }). */
export const VIES_DEFAULT_URL =
  'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';
export const VIES_DEFAULT_TIMEOUT_MS = 2_500;
export const VIES_TIMEOUT_MIN_MS = 100;
export const VIES_TIMEOUT_MAX_MS = 10_000;

export const ViesEnvSchema = z.object({
  VIES_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(['http:', 'https:'], 'http(s)://host/path').default(VIES_DEFAULT_URL),
  ),
  VIES_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(VIES_TIMEOUT_MIN_MS)
    .max(VIES_TIMEOUT_MAX_MS)
    .default(VIES_DEFAULT_TIMEOUT_MS),
  /** Off: no number is ever verified, so no sale is reverse-charged. Tests default to off. */
  VIES_ENABLED: booleanFlag.optional(),
});

export interface ViesConfig {
  enabled: boolean;
  url: string;
  timeoutMs: number;
}

/** The test environment never reaches the internet unless a test points VIES_URL at a stand-in. */
export const viesSettings = (
  e: z.infer<typeof ViesEnvSchema>,
  nodeEnv: 'development' | 'production' | 'test',
): ViesConfig => ({
  enabled: e.VIES_ENABLED ?? nodeEnv !== 'test',
  url: e.VIES_URL,
  timeoutMs: e.VIES_TIMEOUT_MS,
});
