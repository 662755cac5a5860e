import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { secondFactorRequiredSchema, type SecondFactorRequired } from '../../../contracts/second-factor';
import type { Session } from '../../../contracts/user';
import type { Clock } from '../../../server/services/clock';
import { call } from './test-app';

/** The code an authenticator app shows now on `clock`, `steps` 30-second steps away. */
export const totpCode = (secret: string, clock: Clock, steps = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + steps * 30 });

/** Turns the authenticator app on for the token's account: its secret and the recovery codes shown once. */
export async function enrolTotp(app: FastifyInstance, clock: Clock, token: string) {
  const started = await call(app, 'POST', '/api/v1/users/profile/second-factor/totp', undefined, { token });
  expect(started.statusCode, started.body).toBe(201);
  const { secret } = started.json() as { secret: string };
  const confirmed = await call(
    app,
    'POST',
    '/api/v1/users/profile/second-factor/totp/confirm',
    { code: await totpCode(secret, clock) },
    { token },
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: (confirmed.json() as { recovery_codes: string[] }).recovery_codes };
}

/** POST /sessions for an enrolled account: the 401 that asks for the second factor. */
export async function passwordStep(app: FastifyInstance, email: string, password: string, locale?: string): Promise<SecondFactorRequired> {
  const response = await call(app, 'POST', '/api/v1/sessions', { email, password }, { locale });
  expect(response.statusCode, response.body).toBe(401);
  return secondFactorRequiredSchema.parse(response.json());
}

export async function completeWithCode(app: FastifyInstance, challenge: string, code: string) {
  return call(app, 'POST', '/api/v1/sessions/second-factor', { challenge, code });
}

export const sessionOf = (response: { statusCode: number; body: string; json(): unknown }): Session => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Session;
};
