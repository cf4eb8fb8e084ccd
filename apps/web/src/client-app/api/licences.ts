import { LicenseDomainsResponseSchema } from '@cadran/domain/client-area';
import { OwnedLicenseResponseSchema, RenewalQuoteResponseSchema } from '@cadran/domain/license-api';
import type { PaymentMethod } from '@cadran/domain/order-status';
import { OrderCreateResponseSchema } from '@cadran/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { RenewingLicencesResponseSchema } from '@/lib/renewals/schemas';

/** The account's licences (docs/product.md 'Licences' ('In the client area')). */
const LICENSES = '/api/v1/website/licenses';

export const licencesKey = ['client', 'licences'] as const;

export function useLicences() {
  return useQuery({
    queryKey: [...licencesKey, currentLanguage()],
    queryFn: ({ signal }) =>
      apiClient.get(LICENSES, { schema: RenewingLicencesResponseSchema, signal }),
    select: (answer) => answer.licenses,
    staleTime: 0,
  });
}

const licencePath = (id: string) => `${LICENSES}/${encodeURIComponent(id)}`;

export const licenceFileUrl = (id: string) => `${licencePath(id)}/file`;

export const changeDomains = (id: string, domains: string[]) =>
  apiClient.put(
    `${licencePath(id)}/domains`,
    { domains },
    { schema: LicenseDomainsResponseSchema },
  );

export const freeInstallation = (id: string, instanceId: string) =>
  apiClient.post(
    `${licencePath(id)}/instances/${encodeURIComponent(instanceId)}/deactivate`,
    {},
    { schema: OwnedLicenseResponseSchema },
  );

/** A renewal is an order paid like any: the answer says where to pay it. */
export const renewLicence = (id: string, paymentMethod: PaymentMethod) =>
  apiClient.post(
    `${licencePath(id)}/renew`,
    { payment_method: paymentMethod },
    { schema: OrderCreateResponseSchema },
  );

/**
 * What renewing by hand costs today, VAT included, priced by the server as the renewal order
 * will be: shown before the owner goes to pay.
 */
export function useRenewalQuote(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...licencesKey, 'renewal-quote', id, currentLanguage()],
    queryFn: ({ signal }) =>
      apiClient.get(`${licencePath(id)}/renew/quote`, {
        schema: RenewalQuoteResponseSchema,
        signal,
      }),
    select: (answer) => answer.quote,
    enabled,
    staleTime: 0,
  });
}
