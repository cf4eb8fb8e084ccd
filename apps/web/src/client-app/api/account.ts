import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * The account's own settings, as the client area contract names them (docs/product.md
 * 'Client area'): profile, e-mail and password changes, sessions, export and deletion, and
 * the password-reset and e-mail-confirmation links.
 */
const AUTH = '/api/v1/website/auth';
const ACCOUNT = '/api/v1/website/account';

const Done = z.object({ success: z.literal(true), message: z.string().optional() });

export const ProfileSchema = z.object({
  email: z.string(),
  email_verified: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  address_line_1: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  vat_number: z.string().nullable(),
  siren: z.string().nullable(),
  locale: z.string().nullable(),
  pending_email: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export type ProfileChange = Partial<Omit<Profile, 'email' | 'email_verified' | 'pending_email'>>;

const ProfileAnswer = z.object({ profile: ProfileSchema });

export const profileKey = ['client', 'profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => apiClient.get(`${ACCOUNT}/profile`, { schema: ProfileAnswer, signal }),
    select: (answer) => answer.profile,
    staleTime: 0,
  });
}

export const saveProfile = (change: ProfileChange) =>
  apiClient.patch(`${ACCOUNT}/profile`, change, { schema: ProfileAnswer });

export const SessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  expires_at: z.string(),
  current: z.boolean(),
  device: z.string().nullable(),
});
export type AccountSession = z.infer<typeof SessionSchema>;

export const sessionsKey = ['client', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) =>
      apiClient.get(`${ACCOUNT}/sessions`, {
        schema: z.object({ sessions: z.array(SessionSchema) }),
        signal,
      }),
    select: (answer) => answer.sessions,
    staleTime: 0,
  });
}

export const endSession = (id: string) =>
  apiClient.delete(`${ACCOUNT}/sessions/${encodeURIComponent(id)}`);

export const endOtherSessions = () =>
  apiClient.post(
    `${ACCOUNT}/sessions/end-others`,
    {},
    { schema: Done.extend({ ended: z.number() }) },
  );

export const changeEmail = (newEmail: string, password: string) =>
  apiClient.post(`${ACCOUNT}/email`, { new_email: newEmail, password }, { schema: Done });

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiClient.post(
    `${ACCOUNT}/password`,
    { current_password: currentPassword, new_password: newPassword },
    { schema: Done },
  );

export const ACCOUNT_EXPORT_URL = `${ACCOUNT}/export`;

export const deleteAccount = (password: string) =>
  apiClient.post(`${ACCOUNT}/delete`, { password }, { schema: Done });

export const forgotPassword = (email: string) =>
  apiClient.post(`${AUTH}/password/forgot`, { email }, { schema: Done });

export const resetPassword = (token: string, password: string) =>
  apiClient.post(`${AUTH}/password/reset`, { token, password }, { schema: Done });

export const confirmEmail = (token: string) =>
  apiClient.post(`${AUTH}/email/confirm`, { token }, { schema: Done });

export const resendConfirmation = () =>
  apiClient.post(`${AUTH}/email/resend`, {}, { schema: Done });
