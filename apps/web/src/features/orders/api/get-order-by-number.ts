import type { Language } from '@cadran/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { getOrderByNumber } from './read-order';

/**
 * The order by its number, for the success screen, in the site's language (template names come
 * translated from the server). Only asked for when a session exists: an anonymous lookup could
 * only answer 401.
 */
export function useOrderByNumber(
  orderNumber: string | undefined,
  lang: Language,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['orders', 'number', orderNumber, lang],
    queryFn: ({ signal }) => getOrderByNumber(orderNumber ?? '', signal),
    enabled: enabled && !!orderNumber,
  });
}
