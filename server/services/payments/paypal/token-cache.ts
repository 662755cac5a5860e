/** What the OAuth endpoint gave: the bearer token and how many seconds it lives. */
export interface IssuedToken {
  accessToken: string;
  expiresInS: number;
}

/** Refresh this long before PayPal's expiry, so a token never expires between our check and PayPal's. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

export interface TokenCache {
  /** The cached token, or a fresh one; concurrent callers share a single request for it. */
  get(): Promise<string>;
  /** Forgets `token` after PayPal refused it (401); a token already replaced is left alone. */
  invalidate(token: string): void;
}

export function createTokenCache(fetchToken: () => Promise<IssuedToken>, now: () => number): TokenCache {
  let current: { token: string; refreshAt: number } | null = null;
  let refreshing: Promise<string> | null = null;

  function refresh(): Promise<string> {
    refreshing ??= fetchToken()
      .then(({ accessToken, expiresInS }) => {
        current = { token: accessToken, refreshAt: now() + expiresInS * 1000 - TOKEN_REFRESH_MARGIN_MS };
        return accessToken;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  return {
    get() {
      if (current && now() < current.refreshAt) return Promise.resolve(current.token);
      return refresh();
    },
    invalidate(token) {
      // Ten calls refused with the same old token must cause one refresh, not ten.
      if (current?.token === token) current = null;
    },
  };
}
