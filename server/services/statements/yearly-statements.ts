import { eq, sql } from 'drizzle-orm';
import { TIME_ZONE, type Locale } from '../../../contracts/constants';
import { saoPauloDateOf } from '../../../contracts/sao-paulo-time';
import { statementMailings, users } from '../../db/schema';
import { notifyDonor } from '../notifications/create-notification';
import { donorProfile } from '../wallet/donor-profile';
import { selectRows } from '../wallet/raw-rows';
import type { WalletJobDeps } from '../wallet/wallet-job-deps';
import { readStatement } from '../documents/statement-reads';
import { yearlyStatementMail } from './statement-mail';

/** January's first week (São Paulo): last year's statements go out then, and at no other time. */
export const STATEMENT_MAILING_DAYS = 7;

/** The year whose statements are due at `now`, or null outside the window. */
export function statementYearDue(now: Date): number | null {
  const today = saoPauloDateOf(now);
  return today.month === 1 && today.day <= STATEMENT_MAILING_DAYS ? today.year - 1 : null;
}

/**
 * Tells each donor with gifts last year of their statement (docs/privacy.md, "Statement delivery"): the mail
 * and the in-app notice go through notifyDonor, so a donor who muted 'yearly_statement' (or e-mail) in the
 * notification preferences is not mailed. Each donor's statement_mailings row is inserted in the transaction
 * that queues the mail, and only a transaction whose insert wins goes on: two nodes, or a run after a restart,
 * mail once. A year whose net is nothing (all refunded) is marked with total 0 and mailed to no one.
 * Resolves to the donors told.
 */
export async function mailYearlyStatements(deps: WalletJobDeps, now: Date): Promise<number> {
  const year = statementYearDue(now);
  if (year === null) return 0;
  const due = await selectRows<{ user_id: string }>(
    deps.db,
    sql`
    select distinct d.user_id from donations d
    join users u on u.id = d.user_id
    where d.status in ('confirmed', 'refunded')
      and coalesce(d.confirmed_at, d.created_at) >= make_timestamptz(${year}::int, 1, 1, 0, 0, 0, ${TIME_ZONE})
      and coalesce(d.confirmed_at, d.created_at) < make_timestamptz(${year + 1}::int, 1, 1, 0, 0, 0, ${TIME_ZONE})
      and u.active and u.deleted_at is null
      and not exists (select 1 from statement_mailings m where m.user_id = d.user_id and m.year = ${year})
      and not exists (select 1 from notification_settings s where s.user_id = d.user_id and not ('yearly_statement' = any(s.types)))`,
  );
  let told = 0;
  for (const { user_id: userId } of due) if (await tellOne(deps, userId, year, now)) told++;
  return told;
}

async function tellOne(deps: WalletJobDeps, userId: string, year: number, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const statement = await readStatement(tx, { userId }, year);
    const [claimed] = await tx
      .insert(statementMailings)
      .values({ userId, year, totalCents: statement.total, queuedAt: now })
      .onConflictDoNothing()
      .returning({ userId: statementMailings.userId });
    if (!claimed || statement.total <= 0) return false;
    const donor = await donorProfile(tx, userId);
    if (!donor) return false;
    // The account's language (its last sign-in's), else the one it last gave in.
    const [account] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
    const locale: Locale = account?.locale ?? donor.locale;
    return notifyDonor(tx, {
      userId,
      type: 'yearly_statement',
      metadata: { year, amount: statement.total },
      now,
      email: yearlyStatementMail(deps.translator, locale, {
        to: donor.email,
        name: donor.name,
        year,
        totalCents: statement.total,
        publicUrl: deps.config.publicUrl,
      }),
    });
  });
}
