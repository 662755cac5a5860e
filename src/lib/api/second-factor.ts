import { isAxiosError, type AxiosInstance } from 'axios';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import {
  passkeyRegisteredSchema,
  secondFactorRequiredSchema,
  recoveryCodesSchema,
  secondFactorStatusSchema,
  totpEnrolmentSchema,
  type PasskeyRegistered,
  type SecondFactorMethod,
  type SecondFactorStatus,
  type TotpEnrolment,
} from '../../../contracts/second-factor';
import { sessionSchema, type Session } from '../../../contracts';
import { ApiRequestError, withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** What the browser's refusal of a passkey prompt (closed, timed out, no such key) is said as. */
export const passkeyCancelled = /*i18n*/ {
  id: 'security.passkey.cancelled',
  message: 'A chave de acesso não foi usada. Tente de novo ou use um código.',
};

/** The browser's WebAuthn prompt, its refusal made an ApiRequestError the forms already show. */
async function askBrowser<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    throw new ApiRequestError({ status: 0, code: 'passkey.cancelled', messages: [passkeyCancelled.id] }, { cause: error });
  }
}

/**
 * What POST /sessions's 401 `auth.second_factor_required` carries besides its message (the challenge and the
 * account's methods), read from the refused call; null for any other failure.
 */
export function secondFactorAskedBy(error: unknown): { challenge: string; methods: SecondFactorMethod[] } | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'auth.second_factor_required') return null;
  const body: unknown = isAxiosError(error.cause) ? error.cause.response?.data : undefined;
  const asked = secondFactorRequiredSchema.safeParse(body);
  return asked.success ? { challenge: asked.data.challenge, methods: asked.data.methods } : null;
}

/** Which ways of proving the factor an account has (the sign-in's answer says the same for a challenge). */
export function methodsOf(status: SecondFactorStatus): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  if (status.totp) methods.push('totp');
  if (status.passkeys.length > 0) methods.push('passkey');
  if (status.recovery_codes_left > 0) methods.push('recovery_code');
  return methods;
}

/** Second factors: enrolment on the "Segurança" page, sign-in's second step, step-up (docs/api.md). */
export function createSecondFactorApi(http: AxiosInstance) {
  const call = withApiErrors;
  const noRefresh = { skipAuthRefresh: true } as const;
  return {
    status: (): Promise<SecondFactorStatus> =>
      call(async () => secondFactorStatusSchema.parse((await http.get('/users/profile/second-factor')).data)),
    startTotp: (): Promise<TotpEnrolment> =>
      call(async () => totpEnrolmentSchema.parse((await http.post('/users/profile/second-factor/totp')).data)),
    confirmTotp: (code: string): Promise<{ recovery_codes: string[] }> =>
      call(async () => recoveryCodesSchema.parse((await http.post('/users/profile/second-factor/totp/confirm', { code })).data)),
    removeTotp: (): Promise<void> => call(async () => void (await http.delete('/users/profile/second-factor/totp'))),
    regenerateCodes: (): Promise<{ recovery_codes: string[] }> =>
      call(async () => recoveryCodesSchema.parse((await http.post('/users/profile/second-factor/recovery-codes')).data)),
    /** Options from the server, the browser makes the key, the server keeps it. */
    registerPasskey: (name: string): Promise<PasskeyRegistered> =>
      call(async () => {
        const options = (await http.post('/users/profile/second-factor/passkeys/options')).data;
        const response = await askBrowser(() => startRegistration({ optionsJSON: options }));
        return passkeyRegisteredSchema.parse((await http.post('/users/profile/second-factor/passkeys', { name, response })).data);
      }),
    removePasskey: (id: string): Promise<void> =>
      call(async () => void (await http.delete(`/users/profile/second-factor/passkeys/${encodeURIComponent(id)}`))),

    /** Sign-in's second step with a TOTP or recovery code (401 answers are outcomes here). */
    signInWithCode: (challenge: string, code: string): Promise<Session> =>
      call(async () => sessionSchema.parse((await http.post('/sessions/second-factor', { challenge, code }, noRefresh)).data)),
    signInWithPasskey: (challenge: string): Promise<Session> =>
      call(async () => {
        const options = (await http.post('/sessions/second-factor/passkey/options', { challenge }, noRefresh)).data;
        const response = await askBrowser(() => startAuthentication({ optionsJSON: options }));
        return sessionSchema.parse((await http.post('/sessions/second-factor/passkey', { challenge, response }, noRefresh)).data);
      }),

    /** Step-up: the caller's session proves the factor again. */
    stepUpWithCode: (code: string): Promise<void> => call(async () => void (await http.post('/sessions/step-up', { code }))),
    stepUpWithPasskey: (): Promise<void> =>
      call(async () => {
        const options = (await http.post('/sessions/step-up/passkey/options')).data;
        const response = await askBrowser(() => startAuthentication({ optionsJSON: options }));
        await http.post('/sessions/step-up/passkey', { response });
      }),
  };
}

export type SecondFactorApi = ReturnType<typeof createSecondFactorApi>;
export const secondFactorApi = createSecondFactorApi(defaultHttp);
