import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, errorCodes } from '../../contracts/errors';
import { noContentSchema } from '../../contracts/http';
import { messages as m } from '../../contracts/messages';
import {
  passkeyChallengeSchema,
  passkeyParamsSchema,
  passkeyRegisteredSchema,
  passkeyRegistrationSchema,
  passkeySignInSchema,
  recoveryCodesSchema,
  secondFactorSignInSchema,
  secondFactorStatusSchema,
  stepUpCodeSchema,
  stepUpPasskeySchema,
  totpConfirmSchema,
  totpEnrolmentSchema,
  webauthnOptionsSchema,
} from '../../contracts/second-factor';
import { sessionSchema, type Session } from '../../contracts/user';
import type { AppServices } from '../app-services';
import { createSecondFactorProofs, relyingPartyOf } from '../auth/second-factor-proofs';
import { createSecondFactorSecrets } from '../auth/second-factor-secrets';
import { forbidden, unauthenticated } from '../domain/errors';
import { createSecondFactorChecks } from '../services/auth/second-factor-checks';
import { createSecondFactorEnrolment } from '../services/auth/second-factor-enrolment';
import { createSessionIssuer, signInContext } from '../services/auth/sessions';
import { findUserById, isUsable } from '../users/users-repository';

const refused = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Second factors (docs/security.md): enrolment on one's profile, the sign-in's second step, and step-up. */
export const secondFactorRoutes: FastifyPluginAsync<AppServices> = async (instance, services) => {
  const { db, clock, config, accessTokens, refreshTokens } = services;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const secrets = createSecondFactorSecrets(config.jwtSecret);
  const relyingParty = relyingPartyOf(config.publicUrl);
  const enrolment = createSecondFactorEnrolment({ db, clock, secrets, relyingParty, adminSecondFactor: config.adminSecondFactor });
  const proofs = createSecondFactorProofs({ db, secrets, relyingParty });
  const checks = createSecondFactorChecks({ db, clock, proofs, enrolment });
  const issueSession = createSessionIssuer({
    db,
    accessTokens,
    refreshTokens,
    clock,
    translator: app.translator,
    publicUrl: config.publicUrl,
  });

  const signedInAccount = async (userId: string) => {
    const user = await findUserById(db, userId);
    if (!user || !isUsable(user)) throw unauthenticated(errorCodes.tokenInvalid, m.authTokenError);
    return user;
  };
  /** The second factor completed a sign-in: the session starts with it proved. */
  const signInAs = async (userId: string, request: FastifyRequest): Promise<Session> => {
    const user = await findUserById(db, userId);
    if (!user || !isUsable(user)) throw forbidden(errorCodes.userInactive, m.userInactive);
    services.userStatus.forget(user.id);
    return issueSession(user, signInContext(request), { secondFactorAt: clock.now() });
  };
  /** Step-up marks the caller's session; a token from before sessions existed has none to mark. */
  const sessionOf = (request: FastifyRequest): string => {
    if (request.sessionId === null) throw unauthenticated(errorCodes.tokenInvalid, m.authTokenError);
    return request.sessionId;
  };
  const stepUpGuarded = { onRequest: [app.authenticate, app.requireStepUp], config: { noStore: true } };

  // Enrolment: one's own account.
  app.get(
    '/users/profile/second-factor',
    { onRequest: app.authenticate, schema: { response: { 200: secondFactorStatusSchema } } },
    async (request) => enrolment.status(request.user.id),
  );

  app.post(
    '/users/profile/second-factor/totp',
    { onRequest: app.authenticate, schema: { response: { 201: totpEnrolmentSchema, 409: apiErrorSchema } } },
    async (request, reply) => {
      const user = await signedInAccount(request.user.id);
      return reply.status(201).send(await enrolment.startTotp(user.id, user.email));
    },
  );

  app.post(
    '/users/profile/second-factor/totp/confirm',
    { onRequest: app.authenticate, schema: { body: totpConfirmSchema, response: { 200: recoveryCodesSchema, 409: apiErrorSchema } } },
    async (request) => ({ recovery_codes: await enrolment.confirmTotp(request.user.id, request.body.code) }),
  );

  app.delete(
    '/users/profile/second-factor/totp',
    { ...stepUpGuarded, schema: { response: { 204: noContentSchema, 403: apiErrorSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      await enrolment.removeTotp(request.user.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/profile/second-factor/recovery-codes',
    { ...stepUpGuarded, schema: { response: { 200: recoveryCodesSchema, 403: apiErrorSchema, 409: apiErrorSchema } } },
    async (request) => ({ recovery_codes: await enrolment.regenerateRecoveryCodes(request.user.id) }),
  );

  app.post(
    '/users/profile/second-factor/passkeys/options',
    { onRequest: app.authenticate, schema: { response: { 200: webauthnOptionsSchema } } },
    async (request) => ({ ...(await enrolment.passkeyCreationOptions(await signedInAccount(request.user.id))) }),
  );

  app.post(
    '/users/profile/second-factor/passkeys',
    { onRequest: app.authenticate, schema: { body: passkeyRegistrationSchema, response: { 201: passkeyRegisteredSchema } } },
    async (request, reply) =>
      reply.status(201).send(await enrolment.registerPasskey(request.user.id, request.body.name, request.body.response)),
  );

  app.delete(
    '/users/profile/second-factor/passkeys/:id',
    { ...stepUpGuarded, schema: { params: passkeyParamsSchema, response: { 204: noContentSchema, 403: apiErrorSchema } } },
    async (request, reply) => {
      await enrolment.removePasskey(request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // The sign-in's second step: the challenge of POST /sessions stands for the password already proved.
  const signInStep = { config: { ...app.authRateLimit, noStore: true } };
  app.post(
    '/sessions/second-factor',
    { ...signInStep, schema: { body: secondFactorSignInSchema, response: { 200: sessionSchema, ...refused } } },
    async (request): Promise<Session> => signInAs(await checks.completeWithCode(request.body.challenge, request.body.code), request),
  );

  app.post(
    '/sessions/second-factor/passkey/options',
    { ...signInStep, schema: { body: passkeyChallengeSchema, response: { 200: webauthnOptionsSchema, ...refused } } },
    async (request) => ({ ...(await checks.signInPasskeyOptions(request.body.challenge)) }),
  );

  app.post(
    '/sessions/second-factor/passkey',
    { ...signInStep, schema: { body: passkeySignInSchema, response: { 200: sessionSchema, ...refused } } },
    async (request): Promise<Session> => signInAs(await checks.completeWithPasskey(request.body.challenge, request.body.response), request),
  );

  // Step-up: the caller's session proves a factor again before a money action (STEP_UP_WINDOW_S).
  const stepUp = { onRequest: app.authenticate, config: { ...app.authRateLimit, noStore: true } };
  app.post(
    '/sessions/step-up',
    { ...stepUp, schema: { body: stepUpCodeSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await checks.stepUpWithCode(request.user.id, sessionOf(request), request.body.code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/step-up/passkey/options',
    { ...stepUp, schema: { response: { 200: webauthnOptionsSchema, 404: apiErrorSchema } } },
    async (request) => ({ ...(await checks.stepUpPasskeyOptions(request.user.id)) }),
  );

  app.post(
    '/sessions/step-up/passkey',
    { ...stepUp, schema: { body: stepUpPasskeySchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await checks.stepUpWithPasskey(request.user.id, sessionOf(request), request.body.response);
      return reply.status(204).send(null);
    },
  );
};
