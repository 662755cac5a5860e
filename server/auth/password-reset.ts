import { and, eq, gt, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_S, type Locale } from '../../contracts/constants';
import { passwordResetTokens, users } from '../db/schema';
import type { Database } from '../db/types';
import type { Translator } from '../i18n/translator';
import type { Clock } from '../services/clock';
import { enqueueMail } from '../services/mail/mail-outbox';
import { passwordResetMail } from '../services/mail/password-reset-mail';
import { findUserByEmail, isUsable } from '../users/users-repository';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';
import { hashPassword } from './passwords';
import type { RefreshTokens } from './refresh-tokens';
import type { UserStatus } from '../users/user-status';

export interface PasswordReset {
  /** Mails a single-use link valid for one hour; does nothing visible when the e-mail is unknown. */
  request(email: string, locale: Locale): Promise<void>;
  /** Sets the new password and ends every session; false when the link is unknown, used or expired. */
  complete(token: string, newPassword: string): Promise<boolean>;
}

export function createPasswordReset(deps: {
  db: Database;
  clock: Clock;
  translator: Translator;
  refreshTokens: RefreshTokens;
  userStatus: UserStatus;
  publicUrl: string;
}): PasswordReset {
  const { db, clock } = deps;
  return {
    async request(email, locale) {
      const user = await findUserByEmail(db, email);
      if (!user || !isUsable(user)) return;
      const token = newOpaqueToken();
      const now = clock.now();
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await db.transaction(async (tx) => {
        await tx.insert(passwordResetTokens).values({
          userId: user.id,
          tokenHash: hashOpaqueToken(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_S * 1000),
        });
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
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, used.userId));
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
      return true;
    },
  };
}
