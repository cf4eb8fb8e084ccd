import path from 'node:path';
import type { Config } from '../../../config';
import { DemoPlatform } from './demo-platform';
import type { EinvoicePlatform } from './platform';

/**
 * The platform EINVOICE_PLATFORM names (docs/decisions/047-einvoice-platforms.md). An approved
 * platform's connector adds its name to the setting and its case here, built from its own
 * validated settings.
 */
export function einvoicePlatformOf(
  name: Config['einvoicePlatform'],
  dataDir: string,
): EinvoicePlatform | null {
  switch (name) {
    case 'none':
      return null;
    case 'demo':
      return new DemoPlatform(einvoiceDir(dataDir));
  }
}

/** Where the demo's platform keeps what it received, beside the outbox. */
export const einvoiceDir = (dataDir: string): string => path.join(dataDir, 'einvoices');
