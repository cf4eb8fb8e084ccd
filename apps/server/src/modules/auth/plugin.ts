import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../http/http-error';
import { hasSessionCookie } from '../../http/session-cookie';
import { runPeriodically } from '../../plugins/periodic-task';
import { clearSessionCookies, presentedTokens } from './cookies';
import type { AuthHook } from './current-account';
import { RegistrationListeners } from './registration-listeners';
import { isStaff } from './repository';
import { SecondFactorService } from './second-factor/service';
import { AuthService, type AuthContext } from './service';

/**
 * Who is asking: a cookie session, or a bearer token for API clients. The lookup is lazy: only
 * routes that care pay for it, through one of these preHandlers:
 *   app.loadAuth     fills request.auth when a valid session is presented, never refuses;
 *   app.requireUser  401 unless signed in;
 *   app.requireProvenUser  the same, and for a staff account the second factor as
 *                    requireStaff asks it: what changes the account itself (password,
 *                    address, sessions, deletion) needs, so a staff password alone cannot;
 *   app.requireStaffSignIn  401 unless signed in, 403 unless a staff account (admin or
 *                    support): what a staff member needs to set up or prove a second factor;
 *   app.requireStaff 403 too while the second factor is missing (docs/product.md 'Back office'
 *                    ('Staff sign-in')): asked of everyone who enrolled one, and of every
 *                    staff member where it is required (production);
 *   app.requireAdmin the same, for administrators only.
 * Handlers behind requireUser read the account with `currentAccount(request)`
 * (./current-account.ts, which route modules import instead of this file).
 */

declare module 'fastify' {
  interface FastifyInstance {
    authService: AuthService;
    loadAuth: AuthHook;
    requireUser: AuthHook;
    requireProvenUser: AuthHook;
    requireStaffSignIn: AuthHook;
    requireStaff: AuthHook;
    requireAdmin: AuthHook;
    secondFactor: SecondFactorService;
    /** Steps other modules add after an account is created (./registration-listeners.ts). */
    registrationListeners: RegistrationListeners;
  }
}

const PRUNE_EVERY_MS = 15 * 60 * 1000;
const NO_ONE_SIGNED_IN: Promise<AuthContext | null> = Promise.resolve(null);

export interface AuthPluginOptions {
  /** Clock of session lifetimes; tests move it. */
  now?: () => Date;
}

function authPlugin(
  app: FastifyInstance,
  options: AuthPluginOptions,
  done: (error?: Error) => void,
): void {
  const service = new AuthService(app.db, options.now);
  const resolved = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();

  const resolve = (request: FastifyRequest): Promise<AuthContext | null> => {
    let pending = resolved.get(request);
    if (!pending) {
      const tokens = presentedTokens(request);
      // Most public reads present nothing: no lookup to run, nothing to remember.
      if (tokens.length === 0) return NO_ONE_SIGNED_IN;
      pending = (async () => {
        for (const token of tokens) {
          const context = await service.authenticate(token);
          if (context) return context;
        }
        return null;
      })();
      resolved.set(request, pending);
    }
    return pending;
  };

  const loadAuth: AuthHook = async (request) => {
    request.auth = await resolve(request);
  };

  const requireUser: AuthHook = async (request, reply) => {
    await loadAuth(request, reply);
    if (request.auth) return;
    // A cookie that no longer opens a session is dropped, so the browser stops sending it.
    if (hasSessionCookie(request)) clearSessionCookies(reply, app.config.cookieSecure);
    throw new HttpError(401, 'auth.unauthenticated');
  };

  const requireStaffSignIn: AuthHook = async (request, reply) => {
    await requireUser(request, reply);
    if (!request.auth || !isStaff(request.auth.account)) {
      throw new HttpError(403, 'error.forbidden');
    }
  };

  /** A staff session without the second factor it owes: 403, whatever the route. */
  const assertSecondFactor = (auth: AuthContext) => {
    if (auth.secondFactorEnrolled) {
      if (!auth.session.secondFactorAt) throw new HttpError(403, 'staff.second_factor_required');
    } else if (app.config.staffSecondFactorRequired) {
      throw new HttpError(403, 'staff.second_factor_enrolment_required');
    }
  };

  const requireStaff: AuthHook = async (request, reply) => {
    await requireStaffSignIn(request, reply);
    const auth = request.auth;
    if (!auth) throw new HttpError(401, 'auth.unauthenticated');
    assertSecondFactor(auth);
  };

  const requireProvenUser: AuthHook = async (request, reply) => {
    await requireUser(request, reply);
    const auth = request.auth;
    if (!auth) throw new HttpError(401, 'auth.unauthenticated');
    if (isStaff(auth.account)) assertSecondFactor(auth);
  };

  const requireAdmin: AuthHook = async (request, reply) => {
    await requireStaff(request, reply);
    if (request.auth?.account.role !== 'admin') throw new HttpError(403, 'error.forbidden');
  };

  app.decorateRequest('auth', null);
  app.decorate('authService', service);
  app.decorate('registrationListeners', new RegistrationListeners());
  app.decorate('loadAuth', loadAuth);
  app.decorate('requireUser', requireUser);
  app.decorate('requireProvenUser', requireProvenUser);
  app.decorate('requireStaffSignIn', requireStaffSignIn);
  app.decorate('requireStaff', requireStaff);
  app.decorate('requireAdmin', requireAdmin);
  const serverSecret = app.config.sessionSecret;
  if (!serverSecret) throw new Error('the session secret is resolved before the app is built');
  app.decorate('secondFactor', new SecondFactorService(app.db, serverSecret, options.now));

  runPeriodically(app, PRUNE_EVERY_MS, 'session pruning failed', () =>
    service.pruneExpiredSessions(),
  );
  done();
}

export default fp(authPlugin, {
  name: 'auth',
  dependencies: ['db', '@fastify/cookie'],
  fastify: '5.x',
});
