import { bearerTokenOf, type AccessTokens } from '../auth/access-tokens';
import type { SessionStatus } from '../auth/session-records';
import { localeFromAcceptLanguage } from '../i18n/locale';
import type { UserStatus } from '../users/user-status';
import { chosenEncoding } from './encoded-answer';
import type { OfferedAnswer } from './front-door';
import { createKeptKinds, headersAsSent, isPlainGet, type Door, type KeptKind, type RawRequest, type SentHeaders } from './kept-reply';
import type { PersonalCache } from './personal-cache';

/** The route label of the signed-in reads the door answers from memory. */
export const PERSONAL_DOOR_ROUTE = '(front door, signed in)';

/**
 * Request kinds kept: one per access token, read, language and encoding. Each holds its key, token and
 * header list, about a kilobyte (the bytes are the personal cache's): at most some 10 MB.
 */
export const PERSONAL_DOOR_MAX_ENTRIES = 10_000;

/** Who Fastify let in for the kept answer (the authentication plugin's request.userId and sessionId). */
export interface Caller {
  userId: string;
  sessionId: string | null;
}

interface Kept extends KeptKind, Caller {
  token: string;
}

export interface PersonalDoorOptions {
  cache: Pick<PersonalCache, 'isCurrent'>;
  accessTokens: Pick<AccessTokens, 'peek'>;
  userStatus: Pick<UserStatus, 'peek'>;
  sessionStatus: Pick<SessionStatus, 'peek'>;
  maxEntries: number;
}

export interface PersonalDoor extends Door {
  /** Keeps what Fastify sent a signed-in caller for their own kept answer (sendPersonalAnswer). */
  keep(request: RawRequest, status: number, headers: SentHeaders, offered: OfferedAnswer, caller: Caller): void;
}

/** A GET with a bearer token and nothing else that could change its answer; its kind and token. */
function requestKind(request: RawRequest): { kind: string; token: string } | null {
  const token = bearerTokenOf(request.headers.authorization);
  if (token === null || !isPlainGet(request)) return null;
  const kind = `${localeFromAcceptLanguage(request.headers['accept-language'])} ${chosenEncoding(request) ?? 'identity'} ${request.url} ${token}`;
  return { kind, token };
}

/**
 * Signed-in reads at the speed of public ones (docs/auth-and-profile.md, "Signed-in reads from memory"):
 * the front door's way for a person's own answers. Once Fastify has sent a kept profile or page of
 * notifications to a token, the same token's next request of the same kind gets those bytes before
 * Fastify sees it, while every check Fastify made still holds from memory alone: the token is one whose
 * signature was checked and has not expired, the account is usable and the session open by their
 * caches (which a NOTIFY clears at once, and which go stale after 5 s: Fastify then looks again and this
 * door follows), and the personal cache still holds that very answer. Anything else goes to Fastify.
 */
export function createPersonalDoor({ cache, accessTokens, userStatus, sessionStatus, maxEntries }: PersonalDoorOptions): PersonalDoor {
  const kinds = createKeptKinds<Kept>(maxEntries, (answer) => cache.isCurrent(answer));

  const stillLetIn = (kept: Kept): boolean => {
    const check = accessTokens.peek(kept.token);
    if (check?.ok !== true || check.userId !== kept.userId || check.sessionId !== kept.sessionId) return false;
    if (userStatus.peek(kept.userId) !== true) return false;
    return kept.sessionId === null || sessionStatus.peek(kept.sessionId) === true;
  };

  return {
    route: PERSONAL_DOOR_ROUTE,
    serve(request, response) {
      if (kinds.idle) return false;
      const startedAt = process.hrtime.bigint();
      const kind = requestKind(request)?.kind;
      const kept = kind === undefined ? undefined : kinds.find(kind);
      return kind !== undefined && kept !== undefined && stillLetIn(kept) && kinds.send(kind, kept, request, response, startedAt);
    },
    keep(request, status, headers, { answer, body }, caller) {
      if (!kinds.open || (status !== 200 && status !== 304)) return;
      const found = requestKind(request);
      const sent = headersAsSent(headers);
      // Only what the authentication plugin marked as someone's own: never stored by anyone in between.
      if (found === null || sent === null || headers['cache-control'] !== 'no-store' || !cache.isCurrent(answer)) return;
      const make = () => ({ answer, token: found.token, ...caller, ok: null, notModified: null });
      kinds.keep(found.kind, answer, make, status, sent, body);
    },
    logTo: kinds.logTo,
    close: kinds.close,
  };
}
