import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_S, type Locale } from '../../contracts/constants';
import type { UserSession } from '../../contracts/user-sessions';
import { endSessions, type SessionStatus } from '../auth/session-records';
import { userSessions } from '../db/schema';
import type { Database } from '../db/types';
import type { Translator } from '../i18n/translator';
import type { Clock } from '../services/clock';
import { sessionLabels } from './session-labels';

/** A person's own sessions (docs/security.md, Sessions): what is open, and ending one or all others. */
export function createUserSessions(deps: { db: Database; clock: Clock; translator: Translator; sessionStatus: SessionStatus }) {
  const { db, clock, translator, sessionStatus } = deps;
  return {
    /** Open sessions whose refresh token can still be used, the most recently seen first. */
    async list(userId: string, currentSessionId: string | null, locale: Locale): Promise<UserSession[]> {
      const now = clock.now();
      const rows = await db
        .select()
        .from(userSessions)
        .where(
          and(
            eq(userSessions.userId, userId),
            isNull(userSessions.revokedAt),
            // A refresh token lasts REFRESH_TOKEN_TTL_S from its rotation: a session unseen that long cannot come back.
            gt(userSessions.lastSeenAt, new Date(now.getTime() - REFRESH_TOKEN_TTL_S * 1000)),
          ),
        )
        .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt));
      return rows.map((row) => ({
        id: row.id,
        ...sessionLabels(translator, locale, row),
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /** Ends one of the user's open sessions; false when it is not theirs or already ended. */
    async end(userId: string, sessionId: string): Promise<boolean> {
      const ended = await db.transaction((tx) => endSessions(tx, userId, { only: sessionId }, clock.now()));
      sessionStatus.forget(ended);
      return ended.length > 0;
    },

    /** Ends every open session of the user but the one asking (all of them for a token older than sessions). */
    async endOthers(userId: string, currentSessionId: string | null): Promise<void> {
      const ended = await db.transaction((tx) =>
        endSessions(tx, userId, currentSessionId === null ? {} : { except: currentSessionId }, clock.now()),
      );
      sessionStatus.forget(ended);
    },
  };
}
