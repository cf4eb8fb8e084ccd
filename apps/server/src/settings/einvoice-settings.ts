import { z } from 'zod';
import { optionalText } from './env-fields';

/**
 * Where e-invoices are sent (docs/decisions/047-einvoice-platforms.md): `none`, the demo's
 * platform (files in DATA_DIR/einvoices), or an approved platform's connector, each of which
 * adds its name here and its own settings beside it. The demo is the default outside
 * production; production sends nothing unless a platform is named, and refuses the demo
 * unless EINVOICE_DEMO_IN_PRODUCTION spells out what it means.
 */
export const EINVOICE_PLATFORMS = ['none', 'demo'] as const;
export type EinvoicePlatformName = (typeof EINVOICE_PLATFORMS)[number];

/** The one value that lets the demo platform run in production (a staging install). */
export const EINVOICE_DEMO_IN_PRODUCTION_CONSENT = 'i-accept-einvoices-not-transmitted';

export const EinvoiceEnvSchema = z.object({
  EINVOICE_PLATFORM: optionalText.pipe(
    z
      .enum(EINVOICE_PLATFORMS, {
        error: `must be one of ${EINVOICE_PLATFORMS.join(', ')} (or unset)`,
      })
      .optional(),
  ),
  EINVOICE_DEMO_IN_PRODUCTION: optionalText.pipe(
    z
      .literal(EINVOICE_DEMO_IN_PRODUCTION_CONSENT, {
        error: `must be exactly "${EINVOICE_DEMO_IN_PRODUCTION_CONSENT}" (or unset)`,
      })
      .optional(),
  ),
});
type EinvoiceEnv = z.infer<typeof EinvoiceEnvSchema>;

export type EinvoiceSettings =
  { ok: true; platform: EinvoicePlatformName } | { ok: false; problems: string[] };

export function einvoiceSettings(e: EinvoiceEnv, isProduction: boolean): EinvoiceSettings {
  const platform = e.EINVOICE_PLATFORM ?? (isProduction ? 'none' : 'demo');
  if (isProduction && platform === 'demo' && !e.EINVOICE_DEMO_IN_PRODUCTION) {
    return {
      ok: false,
      problems: [
        'EINVOICE_PLATFORM: demo refused in production: it writes e-invoices to the data ' +
          'directory and sends none to an approved platform. For a staging install, also set ' +
          `EINVOICE_DEMO_IN_PRODUCTION=${EINVOICE_DEMO_IN_PRODUCTION_CONSENT}`,
      ],
    };
  }
  return { ok: true, platform };
}
