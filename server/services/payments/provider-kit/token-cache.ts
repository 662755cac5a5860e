/** What an OAuth2 token endpoint gave: the bearer token and how many seconds it lives. */
export interface IssuedToken {
  accessToken: string;
  expiresInS: number;
}

/** Renew this long before the provider's expiry, so a token never expires between our check and its use. */
export const TOKEN_RENEW_BEFORE_MS = 60_000;

export interface TokenCache {
  /** The cached token, or a fresh one; concurrent callers share a single request for it (single-flight). */
  get(): Promise<string>;
  /** Forgets `token` after the provider refused it (401); a token already replaced is left alone. */
  invalidate(token: string): void;
}

/** The client-credentials token of a provider (PayPal, the API Pix), kept until shortly before it expires. */
export function createTokenCache(fetchToken: () => Promise<IssuedToken>, now: () => number): TokenCache {
  let current: { token: string; renewAt: number } | null = null;
  let renewing: Promise<string> | null = null;

  function renew(): Promise<string> {
    renewing ??= fetchToken()
      .then(({ accessToken, expiresInS }) => {
        current = { token: accessToken, renewAt: now() + expiresInS * 1000 - TOKEN_RENEW_BEFORE_MS };
        return accessToken;
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  return {
    get: () => (current && now() < current.renewAt ? Promise.resolve(current.token) : renew()),
    invalidate(token) {
      // Ten calls refused with the same old token must cause one renewal, not ten.
      if (current?.token === token) current = null;
    },
  };
}

/**
 * One call with the cached bearer token; a 401 (a token the provider revoked or expired early) gets one
 * new token and one retry. A second 401 is real, and answered as it is.
 */
export async function withBearerToken<A extends { status: number }>(tokens: TokenCache, call: (token: string) => Promise<A>): Promise<A> {
  const token = await tokens.get();
  const answer = await call(token);
  if (answer.status !== 401) return answer;
  tokens.invalidate(token);
  return call(await tokens.get());
}
