import { Secret, TOTP } from 'otpauth';
import { toString as qrSvg } from 'qrcode';

/**
 * Time-based one-time passwords (RFC 6238) as every authenticator app reads them: SHA-1, six
 * digits, 30-second steps, with the otpauth library. A code is accepted one step early or
 * late (clocks drift), and only for a step after the last one accepted, so a code overheard
 * or typed twice works once.
 */

const ISSUER = 'Cadran';
const PERIOD_SECONDS = 30;
/** Steps either side of now that still count. */
const WINDOW = 1;
const SECRET_BYTES = 20;

const totpFor = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** What an authenticator app needs: the otpauth URI, and the same as a QR code (SVG). */
export async function enrolmentOf(
  secretBase32: string,
  accountEmail: string,
): Promise<{ uri: string; qrSvg: string }> {
  const uri = totpFor(secretBase32, accountEmail).toString();
  return { uri, qrSvg: await qrSvg(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
}

/** The step a valid `code` belongs to, or undefined; `afterStep` refuses replays. */
export function acceptedStep(
  secretBase32: string,
  code: string,
  now: Date,
  afterStep: number | null,
): number | undefined {
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return undefined;
  const step = totp.counter({ timestamp: now.getTime() }) + delta;
  return afterStep !== null && step <= afterStep ? undefined : step;
}

/** The code an authenticator shows at `now` (tests and the demo's own checks). */
export const codeAt = (secretBase32: string, now: Date): string =>
  totpFor(secretBase32).generate({ timestamp: now.getTime() });
