import axios, { type AxiosAdapter, type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { createActor, fromPromise, type Actor } from 'xstate';
import {
  API_PREFIX,
  DEFAULT_LOCALE,
  errorCodes,
  messages,
  refreshedTokensSchema,
  type Locale,
  type RefreshedTokens,
} from '../../../contracts';
import { tokenRefreshMachine, type TokenRefreshMachine } from '../../../machines/auth/token-refresh.machine';
import { clearSessionTokens, getRefreshToken, getToken, storeSessionTokens } from '../cookies';
import { ApiRequestError, normalizeApiError } from './api-error';
import { canStepUp, requestStepUp } from './step-up-gate';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sign-in, sign-up, password and refresh calls: a 401 there is an answer, not a dead session. */
    skipAuthRefresh?: boolean;
    /** Set on the one retry after a refresh, so a second 401 cannot loop. */
    authRetried?: boolean;
    /** The access token this request was sent with. */
    sentWithToken?: string;
    /** Set on the one retry after a step-up, so a second refusal reaches the caller. */
    stepUpRetried?: boolean;
  }
}

export interface ApiClientOptions {
  /** Defaults to /api/v1 on the same origin. */
  baseURL?: string;
  /** Tests pass a fake adapter; the browser uses axios's XHR/fetch. */
  adapter?: AxiosAdapter;
}

export interface ApiClient {
  /** The axios instance every API call goes through. */
  http: AxiosInstance;
  /** The token-refresh actor behind the 401 interceptor (exposed for tests and devtools). */
  tokenRefresh: Actor<TokenRefreshMachine>;
  /** Accept-Language of every later call; the app calls it whenever the UI language changes. */
  setLocale(locale: Locale): void;
  /** Called when a 401 ended the session (cookies already gone); returns an unsubscribe. */
  onSessionExpired(listener: () => void): () => void;
  /** POST /sessions/refresh/token with the refresh cookie (also used by the refresh actor). */
  refreshTokens(): Promise<RefreshedTokens>;
}

interface Waiter {
  resolve: (token: string) => void;
  reject: (error: unknown) => void;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseURL = options.baseURL ?? API_PREFIX;
  const http = axios.create({ baseURL, adapter: options.adapter, headers: { Accept: 'application/json' } });
  // The refresh call goes through a bare instance: its own 401 must never enter the interceptor.
  const bare = axios.create({ baseURL, adapter: options.adapter, headers: { Accept: 'application/json' } });

  let locale: Locale = DEFAULT_LOCALE;
  const expiredListeners = new Set<() => void>();
  const waiters = new Map<string, Waiter>();
  let nextRequestId = 0;

  async function refreshTokens(): Promise<RefreshedTokens> {
    const refreshToken = getRefreshToken();
    if (!refreshToken) throw new ApiRequestError({ status: 401, code: errorCodes.tokenMissing, messages: [messages.tokenUndefined.id] });
    try {
      const response = await bare.post(
        '/sessions/refresh/token',
        { refresh_token: refreshToken },
        { headers: { 'Accept-Language': locale } },
      );
      return refreshedTokensSchema.parse(response.data);
    } catch (error) {
      throw normalizeApiError(error);
    }
  }

  const settle = (requestIds: readonly string[], settleOne: (waiter: Waiter) => void): void => {
    for (const id of requestIds) {
      const waiter = waiters.get(id);
      waiters.delete(id);
      if (waiter) settleOne(waiter);
    }
  };

  const tokenRefresh = createActor(
    tokenRefreshMachine.provide({
      actors: { refreshTokens: fromPromise(() => refreshTokens()) },
      actions: {
        storeTokens: (_, tokens) => storeSessionTokens({ token: tokens.token, refreshToken: tokens.refresh_token }),
        resolveQueued: (_, { requestIds, token }) => settle(requestIds, (w) => w.resolve(token)),
        rejectQueued: (_, { requestIds, error }) => settle(requestIds, (w) => w.reject(error)),
        deleteCookies: () => clearSessionTokens(),
        sessionExpired: () => expiredListeners.forEach((listener) => listener()),
      },
    }),
  );
  tokenRefresh.start();

  http.interceptors.request.use((config) => {
    const token = getToken();
    config.sentWithToken = token;
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    else config.headers.delete('Authorization');
    config.headers.set('Accept-Language', locale);
    return config;
  });

  http.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as InternalAxiosRequestConfig | undefined;
    // A money action wants a fresh second factor: the dialog asks for it in place, then the very same
    // request goes again, so the form that sent it keeps what was typed. Given up, the caller gets the 403.
    if (error.response?.status === 403 && config && !config.stepUpRetried && canStepUp()) {
      const refusal = normalizeApiError(error);
      if (refusal.code === errorCodes.stepUpRequired) {
        try {
          await requestStepUp();
        } catch {
          throw refusal;
        }
        return http.request({ ...config, stepUpRetried: true });
      }
    }
    const unauthorized = error.response?.status === 401;
    // Only a call that carried a token can have lost its session; the others just fail.
    if (!unauthorized || !config || config.skipAuthRefresh || config.authRetried || !config.sentWithToken) {
      throw normalizeApiError(error);
    }
    const failure = normalizeApiError(error);
    const current = getToken();
    // A refresh finished after this call left: retry with the newer token, no second refresh.
    if (current && current !== config.sentWithToken) return http.request({ ...config, authRetried: true });

    const requestId = String(++nextRequestId);
    const waiting = new Promise<string>((resolve, reject) => waiters.set(requestId, { resolve, reject }));
    tokenRefresh.send({ type: 'request.unauthorized', requestId, code: failure.code });
    try {
      await waiting;
    } catch {
      // The caller learns why its own call failed (401 token.expired / token.invalid…).
      throw failure;
    }
    // The request interceptor puts the new token (already in the cookie) on the retry.
    return http.request({ ...config, authRetried: true });
  });

  return {
    http,
    tokenRefresh,
    setLocale: (next) => {
      locale = next;
    },
    onSessionExpired: (listener) => {
      expiredListeners.add(listener);
      return () => expiredListeners.delete(listener);
    },
    refreshTokens,
  };
}

/** The app-wide client. */
export const apiClient = createApiClient();
export const http = apiClient.http;
export const setApiLocale = (locale: Locale): void => apiClient.setLocale(locale);
