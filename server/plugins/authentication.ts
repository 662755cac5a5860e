import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import { adminMessages } from '../../contracts/admin-messages';
import { holdsMoneyPermission, type Permission } from '../../contracts/permissions';
import type { AppServices } from '../app-services';
import { bearerTokenOf } from '../auth/access-tokens';
import { hasSecondFactor } from '../auth/second-factor-status';
import { hasFreshSecondFactor } from '../auth/session-records';
import { HttpError } from '../http/http-error';
import { createAccountClosing, type AccountClosing } from '../users/user-status';
import { findUserWithGrants, isUsable } from '../users/users-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest (every authenticated route uses this one hook kind, before any body is read): a valid
     * bearer access token, or 401 (token.missing / token.expired / token.invalid).
     */
    authenticate: onRequestAsyncHookHandler;
    /**
     * onRequest: signed in, role ADMIN and every listed permission, or 403 forbidden. With
     * ADMIN_SECOND_FACTOR=required, a write (any method but GET and HEAD) by a member holding a money
     * permission and no second factor is 403 auth.second_factor_enrolment_required.
     */
    requirePermissions(permissions: readonly Permission[]): onRequestAsyncHookHandler;
    /**
     * onRequest, after `authenticate` or `requirePermissions`: a money action (docs/security.md, Step-up)
     * needs a second factor proved in this session within STEP_UP_WINDOW_S, else 403 auth.step_up_required.
     * Asked only of an account with a factor, or of everyone when ADMIN_SECOND_FACTOR=required.
     */
    requireStepUp: onRequestAsyncHookHandler;
    /** The same check as `requireStepUp`, for routes where only some calls need it (a refund above the threshold). */
    assertStepUp(request: FastifyRequest): Promise<void>;
    /** onRequest for calls open to guests and signed-in users: no bearer token is a guest (userId null); a bad one is a 401 like `authenticate`. */
    optionalAuthenticate: onRequestAsyncHookHandler;
    /** The user id of a valid bearer token, or null; never fails (for calls open to visitors). */
    optionalUserId(request: FastifyRequest): Promise<string | null>;
    /** Deactivating or deleting an account (no admin API yet: tests and operators' scripts call it). */
    accountClosing: AccountClosing;
  }
  interface FastifyRequest {
    /** Set by `authenticate` (null: a guest, on routes open to guests). */
    userId: string | null;
    /** The session (`sid`) of the bearer token, set with userId; null for guests and for tokens older than sessions. */
    sessionId: string | null;
    /** The signed-in caller, on routes behind `authenticate` or `requirePermissions`. */
    readonly user: SignedInUser;
    /** Set by `requirePermissions` once the caller passed as an admin: their write may change other people's reads. */
    asAdmin: boolean;
  }
  interface FastifyContextConfig {
    /** The answer is someone's own (a session, a receipt) though the call may come without a bearer token. */
    noStore?: boolean;
  }
}

/**
 * What a route's onRequest hook asks of its caller, for the API document (plugins/openapi.ts): a bearer
 * token, an optional one (a guest, or a valid token), or a token of an admin with these permissions.
 */
export type CallerGate = { kind: 'bearer' } | { kind: 'optional-bearer' } | { kind: 'permissions'; permissions: readonly Permission[] };

const gates = new WeakMap<object, CallerGate>();
const gated = <Hook extends object>(hook: Hook, gate: CallerGate): Hook => (gates.set(hook, gate), hook);

/** The gate of one of this plugin's hooks, or null for any other function. */
export const callerGateOf = (hook: unknown): CallerGate | null => (typeof hook === 'function' && gates.get(hook)) || null;

/** Who is calling, once `authenticate` let the request in. */
export interface SignedInUser {
  id: string;
}

export const bearerToken = (request: FastifyRequest): string | null => bearerTokenOf(request.headers.authorization);

export const authenticationPlugin = fp<AppServices>(
  async (app, services) => {
    const { accessTokens, db, userStatus, sessionStatus, clock, config } = services;
    app.decorateRequest('userId', null);
    app.decorateRequest('asAdmin', false);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('user', {
      getter(): SignedInUser {
        // A route reading the caller without the hook that sets it is a bug of ours, not the caller's.
        if (this.userId === null) throw new Error(`${this.routeOptions.url}: request.user read without authenticate`);
        return { id: this.userId };
      },
    });
    app.decorate('accountClosing', createAccountClosing(services));

    // A signed-in user's answers, sessions and receipts must never sit in a shared or browser cache.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.userId !== null || request.headers.authorization !== undefined || request.routeOptions.config?.noStore)
        reply.header('cache-control', 'no-store');
      done(null, payload);
    });

    /**
     * The user and session of a valid token whose account is still usable and whose session is still open;
     * a closed account or an ended session stops at once on every node (the database NOTIFYs its change,
     * plugins/personal-cache.ts), and within its cache's TTL (5 s) if a notification was lost.
     */
    const usableUserOf = async (token: string) => {
      const check = await accessTokens.verify(token);
      if (!check.ok) return check;
      const [usable, open] = await Promise.all([
        userStatus.isUsable(check.userId),
        check.sessionId === null ? true : sessionStatus.isOpen(check.sessionId),
      ]);
      if (!usable) return { ok: false, reason: 'closed' } as const;
      return open ? check : ({ ok: false, reason: 'ended' } as const);
    };

    const authenticate: onRequestAsyncHookHandler = async (request) => {
      const token = bearerToken(request);
      if (!token) throw new HttpError(401, errorCodes.tokenMissing, m.tokenUndefined);
      const check = await usableUserOf(token);
      if (!check.ok) {
        // Only an expired token gets token.expired: the client refreshes on that code alone.
        if (check.reason === 'expired') throw new HttpError(401, errorCodes.tokenExpired, m.tokenExpired);
        throw new HttpError(401, errorCodes.tokenInvalid, check.reason === 'closed' ? m.userInactive : m.authTokenError);
      }
      request.userId = check.userId;
      request.sessionId = check.sessionId;
    };
    app.decorate('authenticate', gated(authenticate, { kind: 'bearer' }));
    // A signed-in donor whose token expired must refresh rather than silently give as a guest.
    app.decorate(
      'optionalAuthenticate',
      gated(
        async function optionalAuthenticate(this: unknown, request, reply) {
          if (bearerToken(request)) await authenticate.call(this as never, request, reply);
        } as onRequestAsyncHookHandler,
        { kind: 'optional-bearer' },
      ),
    );

    app.decorate('requirePermissions', (permissions: readonly Permission[]): onRequestAsyncHookHandler =>
      gated<onRequestAsyncHookHandler>(
        async function requirePermissions(request, reply) {
          await authenticate.call(this, request, reply);
          const found = await findUserWithGrants(db, request.user.id);
          // Admin calls read the account itself, not the briefly cached status: a closed admin stops on every node at once.
          if (!found || !isUsable(found.user)) throw new HttpError(401, errorCodes.tokenInvalid, m.authTokenError);
          const { grants } = found;
          const names = { roles: grants.roles.map((r) => r.name), permissions: grants.permissions.map((p) => p.name) };
          // Same rule as the admin routes of docs/spec.md §6: role ADMIN and all of the listed permissions.
          const allowed = names.roles.includes('ADMIN') && permissions.every((p) => names.permissions.includes(p));
          if (!allowed) throw new HttpError(403, errorCodes.forbidden, m.forbidden);
          request.asAdmin = true;
          // Reads stay open, so the admin pages can show what is blocked and lead to enrolment.
          const write = request.method !== 'GET' && request.method !== 'HEAD';
          if (write && config.adminSecondFactor === 'required' && holdsMoneyPermission(names.permissions)) {
            if (!(await hasSecondFactor(db, request.user.id))) {
              throw new HttpError(403, errorCodes.secondFactorEnrolmentRequired, adminMessages.secondFactorEnrolmentRequired);
            }
          }
        },
        { kind: 'permissions', permissions },
      ),
    );

    const assertStepUp = async (request: FastifyRequest) => {
      const userId = request.user.id;
      if (request.sessionId !== null && (await hasFreshSecondFactor(db, request.sessionId, clock.now()))) return;
      // Without a factor and without the requirement there is nothing to prove (the enrolment check guards money members).
      if (config.adminSecondFactor !== 'required' && !(await hasSecondFactor(db, userId))) return;
      throw new HttpError(403, errorCodes.stepUpRequired, adminMessages.stepUpRequired);
    };
    app.decorate('assertStepUp', assertStepUp);
    app.decorate('requireStepUp', async function requireStepUp(request: FastifyRequest) {
      await assertStepUp(request);
    } as onRequestAsyncHookHandler);

    app.decorate('optionalUserId', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) return null;
      const check = await usableUserOf(token);
      return check.ok ? check.userId : null;
    });
  },
  { name: 'semear-authentication' },
);
