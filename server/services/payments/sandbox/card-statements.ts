import { eq, getTableColumns, sql } from 'drizzle-orm';
import { reusedQuery, reusedQueryPerShape } from '../../../db/reused-query';
import { FAILURE_OF_OUTCOME } from './test-cards';
import { sandboxCardTokens, sandboxPayments } from '../../../db/schema/sandbox-gateway';

// A card charge's statements, built once: the sandbox stands in for the card provider in every sandbox donation (issue 26).
type CardTokenRow = typeof sandboxCardTokens.$inferSelect;

export const findCardToken = reusedQuery<{ token: string }, CardTokenRow[]>((db, value) =>
  db
    .select()
    .from(sandboxCardTokens)
    .where(eq(sandboxCardTokens.token, value('token'))),
);

/** How the sandbox answers a card (test-cards.ts), spelled in SQL: built from code, never from data. */
const failureOfOutcome = sql.raw(
  `case ${Object.entries(FAILURE_OF_OUTCOME)
    .filter(([, code]) => code !== null)
    .map(([outcome, code]) => `when t.outcome = '${outcome}' then '${code}'`)
    .join(' ')} else null end`,
);

type CardChargeValues = {
  id: string;
  idempotencyKey: string;
  cardToken: string;
  amountCents: number;
  description: string;
  /** ISO text: in a `sql` template a value goes to the driver as given. */
  now: string;
  /** The month a card must not have ended before (UTC), as isCardExpired reads it. */
  year: number;
  month: number;
};

/**
 * A card charge in one statement, without a transaction of its own (issue 52: four round trips were
 * begin, the token's spending, the charge and commit). A one-time token ('one_time') is spent only
 * when no charge holds the key yet, and only once: of two charges racing on one token, the second
 * finds it spent ('card.token_invalid'), as a provider answers. A saved card ('reusable') is read. The
 * charge is written once per key: a key already charged writes nothing and answers no row, and the
 * caller reads that charge. The failure comes from the token: none, expired (its month has ended), or
 * its test card's outcome.
 */
export const chargeCardOnce = reusedQueryPerShape<'one_time' | 'reusable', CardChargeValues, Array<typeof sandboxPayments.$inferSelect>>(
  (shape) => (tx, value) => {
    const found =
      shape === 'one_time'
        ? sql`update ${sandboxCardTokens} set used_at = ${value('now')}::timestamptz
            where token = ${value('cardToken')}::text and kind = 'one_time' and used_at is null and expires_at > ${value('now')}::timestamptz
              and not exists (select 1 from ${sandboxPayments} p where p.idempotency_key = ${value('idempotencyKey')}::text)
            returning outcome, brand, last4, exp_month, exp_year`
        : sql`select outcome, brand, last4, exp_month, exp_year from ${sandboxCardTokens} where token = ${value('cardToken')}::text and kind = 'reusable'`;
    const token = tx.$with('token', { outcome: sandboxCardTokens.outcome }).as(found);
    const charge = tx.$with('charge', getTableColumns(sandboxPayments)).as(
      sql`insert into ${sandboxPayments} (id, idempotency_key, kind, status, amount_cents, description, failure_code, card_token, brand, last4, completed_at)
        select ${value('id')}::text, ${value('idempotencyKey')}::text, 'card', case when f.code is null then 'succeeded' else 'failed' end,
          ${value('amountCents')}::bigint, ${value('description')}::text, f.code, ${value('cardToken')}::text, t.brand, t.last4, ${value('now')}::timestamptz
        from (select 1) as one left join token t on true
        cross join lateral (select case when t.outcome is null then 'card.token_invalid'
          when t.exp_year < ${value('year')}::int or (t.exp_year = ${value('year')}::int and t.exp_month < ${value('month')}::int) then 'payment.declined'
          else ${failureOfOutcome} end as code) as f
        on conflict (idempotency_key) do nothing returning *`,
    );
    return tx.with(token, charge).select().from(charge);
  },
);
