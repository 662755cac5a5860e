import type { AxiosInstance } from 'axios';
import {
  errorCodes,
  messages,
  sessionSchema,
  signUpAcceptedSchema,
  userSchema,
  type ProfileUpdateInput,
  type Session,
  type SignInInput,
  type SignUpAccepted,
  type SignUpRequestInput,
  type User,
} from '../../../contracts';
import { getRefreshToken, getToken } from '../cookies';
import { ApiRequestError } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/**
 * Typed auth calls. Answers are parsed with the contracts schemas, so a drifting server fails here,
 * loudly, instead of deep inside a view. Errors are ApiRequestError (see http/api-error.ts).
 * Calls that answer 401 as a normal outcome (wrong password…) skip the refresh interceptor.
 */
export function createAuthApi(http: AxiosInstance) {
  const noRefresh = { skipAuthRefresh: true } as const;
  return {
    /** POST /sessions → token, refresh_token, user. */
    async signIn(input: SignInInput): Promise<Session> {
      const response = await http.post('/sessions', input, noRefresh);
      return sessionSchema.parse(response.data);
    },
    /** POST /users → 202 {message}, alike whether or not the address has an account; the account comes from the mailed link. */
    async signUp(input: SignUpRequestInput): Promise<SignUpAccepted> {
      const response = await http.post('/users', input, noRefresh);
      return signUpAcceptedSchema.parse(response.data);
    },
    /** POST /users/confirmations {token} (the mailed link) → the new account's session (201). */
    async confirmSignUp(token: string): Promise<Session> {
      const response = await http.post('/users/confirmations', { token }, noRefresh);
      return sessionSchema.parse(response.data);
    },
    /** DELETE /sessions {refresh_token}: revokes the refresh token server-side. */
    async signOut(refreshToken: string | undefined = getRefreshToken()): Promise<void> {
      if (!refreshToken) return;
      await http.delete('/sessions', { ...noRefresh, data: { refresh_token: refreshToken } });
    },
    /** GET /users/profile. Without the token cookie it fails at once with 'Token indefinido.'. */
    async fetchProfile(): Promise<User> {
      if (!getToken()) {
        throw new ApiRequestError({ status: 401, code: errorCodes.tokenMissing, messages: [messages.tokenUndefined.id] });
      }
      const response = await http.get('/users/profile');
      return userSchema.parse(response.data);
    },
    /** PUT /users/profile → the updated user. */
    async updateProfile(input: ProfileUpdateInput): Promise<User> {
      const response = await http.put('/users/profile', input);
      return userSchema.parse(response.data);
    },
    /** POST /password/forgot {email} → 204 (also for unknown e-mails). */
    async forgotPassword(email: string): Promise<void> {
      await http.post('/password/forgot', { email }, noRefresh);
    },
    /** POST /password/reset {token, password} → 204. */
    async resetPassword(input: { token: string; password: string }): Promise<void> {
      await http.post('/password/reset', input, noRefresh);
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

export const authApi = createAuthApi(defaultHttp);
export const { signIn, signUp, confirmSignUp, signOut, fetchProfile, updateProfile, forgotPassword, resetPassword } = authApi;
