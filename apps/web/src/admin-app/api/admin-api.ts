import type { z } from 'zod';
import { apiClient, isApiRequestError } from '@/lib/api-client';
import { useStaffSession } from '../session/session-store';

/**
 * Calls to the staff API (docs/product.md 'Back office'), through the site's one API client.
 * A 401 means the staff session ended (idle time-out, signed out elsewhere): the back office
 * goes back to its sign-in, keeping the address so the same view opens again afterwards.
 */
export const ADMIN_API = '/api/v1/admin';

async function watchSession<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) useStaffSession.getState().expire();
    throw error;
  }
}

/** `{ a: 1, b: undefined }` -> `?a=1`; empty values are left out. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const adminApi = {
  get: <T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal) =>
    watchSession(apiClient.get(`${ADMIN_API}${path}`, { schema, ...(signal ? { signal } : {}) })),
  post: <T>(path: string, body: unknown, schema: z.ZodType<T>, headers?: Record<string, string>) =>
    watchSession(
      apiClient.post(`${ADMIN_API}${path}`, body, { schema, ...(headers ? { headers } : {}) }),
    ),
  patch: <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    watchSession(apiClient.patch(`${ADMIN_API}${path}`, body, { schema })),
  delete: <T>(path: string, schema: z.ZodType<T>) =>
    watchSession(apiClient.delete(`${ADMIN_API}${path}`, { schema })),
};

/** Where a CSV export of a list is downloaded, with the list's own filters. */
export const exportUrl = (path: string, params: Record<string, string | number | undefined>) =>
  `${ADMIN_API}${path}${queryString(params)}`;
