import { create } from 'zustand';
import {
  toSessionUser,
  type AuthResponse,
  type Login,
  type Register,
  type SessionUser,
} from '@cadran/domain/auth';
import { LOGIN_RECHECK_MS, LOGIN_SUCCESS_MESSAGE_MS } from '@cadran/domain/constants';
import { translateMessage, type MessageKey } from '@cadran/domain/messages';
import { setAuthToken } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import type { SessionStatus } from '@/lib/session-status';
import { submitFailure, type SubmitResult } from '@/lib/submit-failure';
import { getSession } from '../api/get-me';
import { loginRequest } from '../api/login';
import { logoutRequest } from '../api/logout';
import { registerRequest } from '../api/register';
import { clearSessionHint, hasSessionHint } from './session-hint';

/**
 * Client session of the web app (docs/product.md 'Accounts and sessions' ('Sessions and tokens')).
 * The HttpOnly cookie is the session; the token answered by login/register is also kept in memory
 * (never in storage, out of reach of a later page load) and sent as a bearer header by the API
 * client.
 */

/** Which success message is showing (it disappears after 3 seconds). */
export type AuthNotice = 'login' | 'register' | null;

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  status: SessionStatus;
  notice: AuthNotice;
  checkSession: () => Promise<void>;
  /** `fallback`: what a failure says when the server sent no message of its own. */
  login: (payload: Login, fallback?: MessageKey) => Promise<SubmitResult>;
  register: (payload: Register) => Promise<SubmitResult>;
  logout: () => Promise<void>;
  dismissNotice: () => void;
}

// Bumped by every login, register and logout: a session check started before one of them
// must not overwrite what it established (a slow start-up check answering after a login).
let generation = 0;
let pendingCheck: { generation: number; promise: Promise<void> } | null = null;
let noticeTimer: ReturnType<typeof setTimeout> | undefined;
let recheckTimer: ReturnType<typeof setTimeout> | undefined;

function clearTimers() {
  clearTimeout(noticeTimer);
  clearTimeout(recheckTimer);
}

export const useAuthStore = create<AuthState>()((set, get) => {
  const signIn = (token: string, user: SessionUser, notice: Exclude<AuthNotice, null>) => {
    generation += 1;
    clearTimers();
    setAuthToken(token);
    set({ user, token, status: 'authenticated', notice });
    noticeTimer = setTimeout(() => set({ notice: null }), LOGIN_SUCCESS_MESSAGE_MS);
    // State is rechecked 200 ms after login, proving the cookie took.
    recheckTimer = setTimeout(() => void get().checkSession(), LOGIN_RECHECK_MS);
  };

  /**
   * Login and registration alike: a success signs in with the answered token and user; a
   * failure gives the server's message when it sent one, else the screen's own fallback.
   */
  const authenticate = async (
    request: () => Promise<AuthResponse>,
    notice: Exclude<AuthNotice, null>,
    fallback: MessageKey,
    action: string,
  ): Promise<SubmitResult> => {
    try {
      const answer = await request();
      signIn(answer.token, toSessionUser(answer.user), notice);
      return { ok: true };
    } catch (error) {
      return submitFailure(error, translateMessage(fallback, currentLanguage()), action);
    }
  };

  const signOut = () => {
    setAuthToken(null);
    set({ user: null, token: null, status: 'anonymous', notice: null });
  };

  return {
    user: null,
    token: null,
    status: 'unknown',
    notice: null,

    checkSession: () => {
      if (pendingCheck?.generation === generation) return pendingCheck.promise;
      if (!get().token && !hasSessionHint()) {
        set({ user: null, status: 'anonymous' });
        return Promise.resolve();
      }
      const startedAt = generation;
      if (!get().user) set({ status: 'checking' });
      const promise = getSession()
        .then(
          (user) => {
            if (generation !== startedAt) return;
            if (user) set({ user: toSessionUser(user), status: 'authenticated' });
            else signOut();
          },
          () => {
            // A failed check leaves the visitor anonymous.
            if (generation === startedAt) signOut();
          },
        )
        .finally(() => {
          if (pendingCheck?.promise === promise) pendingCheck = null;
        });
      pendingCheck = { generation: startedAt, promise };
      return promise;
    },

    login: (payload, fallback = 'auth.login_failed') =>
      authenticate(() => loginRequest(payload), 'login', fallback, 'Login'),

    register: (payload) =>
      authenticate(
        () => registerRequest(payload),
        'register',
        'auth.register_failed',
        'Registration',
      ),

    logout: async () => {
      generation += 1;
      clearTimers();
      try {
        await logoutRequest();
      } catch {
        // Logout clears the user and token even if the call fails.
      } finally {
        clearSessionHint();
        signOut();
      }
    },

    dismissNotice: () => {
      clearTimeout(noticeTimer);
      set({ notice: null });
    },
  };
});

export const selectIsAuthenticated = (state: AuthState): boolean =>
  state.status === 'authenticated' && state.user !== null;
