import { and, eq, gt, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_S, type Locale } from '../../contracts/constants';
import { passwordResetTokens, users } from '../db/schema';
import type { Database, Executor } from '../db/types';
import type { Translator } from '../i18n/translator';
import type { Clock } from '../services/clock';
import { enqueueMail } from '../services/mail/mail-outbox';
import { passwordResetMail } from '../services/mail/password-reset-mail';
import { findUserByEmail, isUsable } from '../users/users-repository';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';
import { hashPassword } from './passwords';
import { clearSignInGuard } from './sign-in-guard';
import type { RefreshTokens } from './refresh-tokens';
import type { SessionStatus } from './session-records';
import type { UserStatus } from '../users/user-status';

/**
 * At most one reset mail per account in this time: a flood of requests sends one, and the link it
 * carries keeps working (no newer link is made unmailed).
 */
export const RESET_MAIL_INTERVAL_MS = 5 * 60_000;

/** A new single-use link of one hour for the user, kept hashed; mail it in the same transaction. */
export async function newResetLink(tx: Executor, userId: string, now: Date, publicUrl: string): Promise<string> {
  const token = newOpaqueToken();
  await tx.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashOpaqueToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_S * 1000),
  });
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export interface PasswordReset {
  /**
   * Mails a single-use link valid for one hour, unless a link still unused went to the account within
   * RESET_MAIL_INTERVAL_MS; does nothing visible when the e-mail is unknown.
   */
  request(email: string, locale: Locale): Promise<void>;
  /** Sets the new password, ends every session and the sign-in lock; false when the link is unknown, used or expired. */
  complete(token: string, newPassword: string): Promise<boolean>;
}

export function createPasswordReset(deps: {
  db: Database;
  clock: Clock;
  translator: Translator;
  refreshTokens: RefreshTokens;
  userStatus: UserStatus;
  sessionStatus: SessionStatus;
  publicUrl: string;
}): PasswordReset {
  const { db, clock } = deps;
  return {
    async request(email, locale) {
      const user = await findUserByEmail(db, email);
      if (!user || !isUsable(user)) return;
      const now = clock.now();
      await db.transaction(async (tx) => {
        // The account's row lock lets one of many concurrent requests (on any node) decide to mail.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [recent] = await tx
          .select({ id: passwordResetTokens.id })
          .from(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.userId, user.id),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.createdAt, new Date(now.getTime() - RESET_MAIL_INTERVAL_MS)),
            ),
          )
          .limit(1);
        if (recent) return;
        const link = await newResetLink(tx, user.id, now, deps.publicUrl);
        await enqueueMail(tx, passwordResetMail(deps.translator, locale, user, link), now);
      });
    },

    async complete(token, newPassword) {
      const passwordHash = await hashPassword(newPassword);
      const userId = await db.transaction(async (tx) => {
        const now = clock.now();
        // The conditional update is the single-use check: two concurrent uses cannot both win.
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashOpaqueToken(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!used) return null;
        const [owner] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: now })
          .where(eq(users.id, used.userId))
          .returning({ email: users.email });
        // Whoever guessed at the account kept its sign-in locked: the owner's new password opens it at once.
        if (owner) await clearSignInGuard(tx, owner.email);
        // Other links sent before this one stop working too.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
        await deps.refreshTokens.revokeAllOfUser(tx, used.userId);
        return used.userId;
      });
      if (userId === null) return false;
      deps.userStatus.forget(userId);
      // Every session ended with the new password: their access tokens stop at once on this node.
      deps.sessionStatus.forgetUser(userId);
      return true;
    },
  };
}
