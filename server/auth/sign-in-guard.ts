import { and, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { signInGuards } from '../db/schema';
import type { Database, Executor, Transaction } from '../db/types';

/**
 * The per-account limit on password guessing (docs/auth-and-profile.md): after `maxFailures` wrong
 * passwords for one e-mail within `windowMs`, from however many network addresses, that e-mail's
 * sign-in is refused for `lockMs`, even with the right password. Resetting the password ends the lock
 * at once, so a guesser can delay the owner but never keep them out.
 */
export const SIGN_IN_LOCK = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

export interface SignInTry {
  /** The password was right: this try and the wrong ones before it no longer count. */
  right(): Promise<void>;
  /**
   * The password was wrong. When this failure spends the window's last try, the e-mail is locked and
   * `onLocked` runs in the lock's own transaction (the owner's warning commits with it): once per lock.
   */
  wrong(onLocked: (tx: Transaction, lockedUntil: Date) => Promise<void>): Promise<void>;
}

export interface SignInGuard {
  /** Counts a try for this (lower-cased) e-mail before its password is checked; null while its sign-in is locked. */
  attempt(email: string, now: Date): Promise<SignInTry | null>;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export function createSignInGuard(db: Database): SignInGuard {
  return {
    async attempt(email, now) {
      const locked = sql`${signInGuards.lockedUntil} > ${at(now)}`;
      // A lock that ran out, or a window that did, starts a new window with this try.
      const expired = sql`(${signInGuards.lockedUntil} is not null or ${signInGuards.windowStartedAt} <= ${at(new Date(now.getTime() - SIGN_IN_LOCK.windowMs))})`;
      // A try counts from the moment it starts, so many sent at once cannot all be checked before the first
      // wrong one is known; the row's lock makes the count exact on every node.
      const [row] = await db
        .insert(signInGuards)
        .values({ email, attempts: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: signInGuards.email,
          set: {
            attempts: sql`case when ${locked} then ${signInGuards.attempts} when ${expired} then 1 else ${signInGuards.attempts} + 1 end`,
            windowStartedAt: sql`case when ${locked} then ${signInGuards.windowStartedAt} when ${expired} then ${at(now)} else ${signInGuards.windowStartedAt} end`,
            lockedUntil: sql`case when ${locked} then ${signInGuards.lockedUntil} end`,
          },
        })
        .returning({ attempts: signInGuards.attempts, lockedUntil: signInGuards.lockedUntil });
      const { attempts, lockedUntil } = row!;
      // Past the last try of the window while earlier ones are still being checked: refused like a lock.
      if ((lockedUntil && lockedUntil > now) || attempts > SIGN_IN_LOCK.maxFailures) return null;
      return {
        async right() {
          await db.delete(signInGuards).where(eq(signInGuards.email, email));
        },
        async wrong(onLocked) {
          // Only the try holding the window's last count can lock it; the others stay plain failures.
          if (attempts < SIGN_IN_LOCK.maxFailures) return;
          const lockedUntil = new Date(now.getTime() + SIGN_IN_LOCK.lockMs);
          await db.transaction(async (tx) => {
            const [locked] = await tx
              .update(signInGuards)
              .set({ lockedUntil })
              .where(
                and(
                  eq(signInGuards.email, email),
                  gte(signInGuards.attempts, SIGN_IN_LOCK.maxFailures),
                  or(isNull(signInGuards.lockedUntil), lte(signInGuards.lockedUntil, now)),
                ),
              )
              .returning({ email: signInGuards.email });
            if (locked) await onLocked(tx, lockedUntil);
          });
        },
      };
    },
  };
}

/** A new password ends the lock and the count: the owner signs in with it at once. */
export async function clearSignInGuard(tx: Executor, email: string): Promise<void> {
  await tx.delete(signInGuards).where(eq(signInGuards.email, email));
}

/** Deletes the rows whose window and lock are both over (kept only while they still count). */
export async function pruneSignInGuards(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(signInGuards)
    .where(
      and(
        lt(signInGuards.windowStartedAt, new Date(now.getTime() - SIGN_IN_LOCK.windowMs)),
        or(isNull(signInGuards.lockedUntil), lt(signInGuards.lockedUntil, now)),
      ),
    )
    .returning({ email: signInGuards.email });
  return rows.length;
}
