import type { Clock } from '../../clock';

export interface AccessToken {
  value: string;
  expiresAt: number;
}

/** A token is renewed this long before its `expires_in` runs out, so none expires mid-call. */
export const TOKEN_RENEW_BEFORE_MS = 60_000;

/**
 * The client-credentials token of the API Pix, kept until shortly before it expires. Concurrent callers
 * share one request for it (single-flight); `invalidate` drops a token the bank refused (a 401) so the
 * next caller asks again — once, however many saw the 401 at the same moment.
 */
export function tokenCache(fetchToken: () => Promise<{ accessToken: string; expiresInS: number }>, clock: Clock) {
  let current: AccessToken | null = null;
  let inFlight: Promise<AccessToken> | null = null;

  async function get(): Promise<string> {
    const now = clock.now().getTime();
    if (current && current.expiresAt - TOKEN_RENEW_BEFORE_MS > now) return current.value;
    inFlight ??= fetchToken()
      .then(({ accessToken, expiresInS }) => {
        current = { value: accessToken, expiresAt: clock.now().getTime() + expiresInS * 1000 };
        return current;
      })
      .finally(() => {
        inFlight = null;
      });
    return (await inFlight).value;
  }

  /** Forgets `refused` (only that one: a newer token another caller fetched meanwhile stays). */
  function invalidate(refused: string): void {
    if (current?.value === refused) current = null;
  }

  return { get, invalidate };
}
