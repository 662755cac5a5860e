import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SecondFactorMethod } from '../../contracts/second-factor';
import { passkeys, recoveryCodes, totpFactors, users } from '../db/schema';
import type { Executor } from '../db/types';

/** Which second factors an account can prove itself with now (a started, unconfirmed TOTP is none). */
export async function secondFactorMethodsOf(executor: Executor, userId: string): Promise<SecondFactorMethod[]> {
  const [row] = await executor
    .select({
      totp: sql<boolean>`exists (select 1 from ${totpFactors} where ${and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt))})`,
      passkey: sql<boolean>`exists (select 1 from ${passkeys} where ${eq(passkeys.userId, userId)})`,
      recoveryCode: sql<boolean>`exists (select 1 from ${recoveryCodes} where ${and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const methods: SecondFactorMethod[] = [];
  if (row?.totp) methods.push('totp');
  if (row?.passkey) methods.push('passkey');
  // Recovery codes stand in for a lost app or passkey; alone they are not a factor.
  if (methods.length > 0 && row?.recoveryCode) methods.push('recovery_code');
  return methods;
}

/** The account has an authenticator app or a passkey: its sign-in asks for one after the password. */
export async function hasSecondFactor(executor: Executor, userId: string): Promise<boolean> {
  return (await secondFactorMethodsOf(executor, userId)).length > 0;
}

/** Of these accounts, the ones with an authenticator app or a passkey (one query, for lists such as the team). */
export async function usersWithSecondFactor(executor: Executor, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, [...userIds]),
        sql`(exists (select 1 from ${totpFactors} where ${and(eq(totpFactors.userId, users.id), isNotNull(totpFactors.confirmedAt))})
          or exists (select 1 from ${passkeys} where ${eq(passkeys.userId, users.id)}))`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}
