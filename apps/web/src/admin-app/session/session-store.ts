import { extractMeUser, type ApiUser } from '@cadran/domain/auth';
import { SecondFactorStatusResponseSchema } from '@cadran/domain/staff-auth';
import { create } from 'zustand';
import { hasSessionHint } from '@/features/auth/store/session-hint';
import { apiClient, isApiRequestError } from '@/lib/api-client';

/**
 * Where the staff member stands (docs/product.md 'Back office' ('Staff sign-in')): signed out,
 * a client account (no access), a password proved but the second factor still owed (to set up
 * or to enter), or in. A 401 from any staff call (`expire`) puts them back at the sign-in.
 */
export type StaffRole = 'admin' | 'support';

export interface SecondFactorState {
  enrolled: boolean;
  verified: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

export type SessionState =
  | { kind: 'checking' }
  | { kind: 'signed-out'; expired: boolean }
  | { kind: 'no-access'; email: string }
  | { kind: 'second-factor'; user: StaffUser; factor: SecondFactorState }
  | { kind: 'ready'; user: StaffUser };

export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

interface StaffSessionStore {
  state: SessionState;
  /** Reads who is signed in and where their second factor stands. */
  check: () => Promise<void>;
  /** After a good code: the back office opens. */
  enter: () => void;
  /** An optional set-up put off: the back office opens, and does not ask again this session. */
  postpone: () => void;
  expire: () => void;
  signOut: () => Promise<void>;
}

const ME = '/api/v1/website/auth/me';
const LOGOUT = '/api/v1/website/auth/logout';
export const SECOND_FACTOR = '/api/v1/admin/second-factor';

const staffUser = (user: ApiUser): StaffUser | null =>
  user.role === 'client'
    ? null
    : {
        id: user.id,
        email: user.email,
        name: `${user.first_name} ${user.last_name}`.trim(),
        role: user.role,
      };

/**
 * Where an optional set-up put off is remembered: the browser tab's session storage, so the
 * prompt shows once per session (not after every page load) and again in a new one.
 */
const POSTPONED_KEY = 'cadran.staff.second-factor-postponed';

function postponedBy(userId: string): boolean {
  try {
    return sessionStorage.getItem(POSTPONED_KEY) === userId;
  } catch {
    return false;
  }
}

function rememberPostponed(userId: string | null): void {
  try {
    if (userId) sessionStorage.setItem(POSTPONED_KEY, userId);
    else sessionStorage.removeItem(POSTPONED_KEY);
  } catch {
    // Storage refused (private mode): the prompt simply shows again after a reload.
  }
}

async function readSession(): Promise<SessionState> {
  // Without the session's readable companion cookie nobody is signed in: no call that can only fail.
  if (!hasSessionHint()) return { kind: 'signed-out', expired: false };
  let body: unknown;
  try {
    body = await apiClient.get(ME);
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) {
      return { kind: 'signed-out', expired: false };
    }
    throw error;
  }
  const me = extractMeUser(body);
  if (!me) return { kind: 'signed-out', expired: false };
  const user = staffUser(me);
  if (!user) return { kind: 'no-access', email: me.email };
  const status = await apiClient.get(SECOND_FACTOR, { schema: SecondFactorStatusResponseSchema });
  const factor: SecondFactorState = {
    enrolled: status.enrolled,
    verified: status.verified,
    required: status.required,
    recoveryCodesLeft: status.recovery_codes_left,
  };
  // Set up at first sign-in (unless put off this session where it is optional); once set up,
  // each session proves it.
  const putOff = !factor.enrolled && !factor.required && postponedBy(user.id);
  if (!putOff && (!factor.enrolled || !factor.verified)) {
    return { kind: 'second-factor', user, factor };
  }
  return { kind: 'ready', user };
}

export const useStaffSession = create<StaffSessionStore>((set, get) => ({
  state: { kind: 'checking' },
  check: async () => {
    set({ state: { kind: 'checking' } });
    try {
      set({ state: await readSession() });
    } catch {
      set({ state: { kind: 'signed-out', expired: false } });
    }
  },
  enter: () => {
    const { state } = get();
    if (state.kind === 'second-factor') set({ state: { kind: 'ready', user: state.user } });
  },
  postpone: () => {
    const { state } = get();
    if (state.kind !== 'second-factor' || state.factor.required) return;
    rememberPostponed(state.user.id);
    set({ state: { kind: 'ready', user: state.user } });
  },
  expire: () => {
    if (get().state.kind !== 'signed-out') set({ state: { kind: 'signed-out', expired: true } });
  },
  signOut: async () => {
    await apiClient.post(LOGOUT).catch(() => undefined);
    rememberPostponed(null);
    set({ state: { kind: 'signed-out', expired: false } });
  },
}));

/** The signed-in staff member; only called inside the back office, once it is open. */
export function useStaff(): StaffUser {
  const state = useStaffSession((store) => store.state);
  if (state.kind !== 'ready') throw new Error('useStaff outside the opened back office');
  return state.user;
}

/** Actions only administrators may take; the server refuses them to support staff anyway. */
export const useIsAdmin = (): boolean => useStaff().role === 'admin';
