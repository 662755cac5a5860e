import { sql } from 'drizzle-orm';
import type { WalletLotOriginName, WalletStatementEntry } from '../../../contracts/wallet';
import type { Executor } from '../../db/types';
import { selectRows } from './raw-rows';

type StatementKind = WalletStatementEntry['kind'];

/** How a ledger group reads on the donor's statement: money in is credit; out is a donation, automatic or not. */
export function statementKind(groupKind: string, amountCents: number): StatementKind {
  if (groupKind === 'refund') return 'refund';
  if (groupKind === 'automatic_donation' || groupKind === 'gift_card_expiry' || groupKind === 'wallet_expiry') return 'automatic_donation';
  return amountCents > 0 ? 'credit' : 'donation';
}

interface StatementRow {
  id: string;
  kind: string;
  created_at: string | Date;
  amount: string | number;
  origin: WalletLotOriginName | null;
  campaign: { slug: string; title: string } | null;
}

// The donor's wallet account; a donor whose wallet never moved has none, and an empty statement.
const walletAccount = (userId: string) => sql`select a.id from ledger_accounts a where a.kind = 'donor_wallet' and a.owner_key = ${userId}`;

/**
 * GET /wallet/statement: one row per ledger group that touched the donor's wallet, newest first,
 * with the signed sum of its wallet entries, the origin of the lot it filled (credit) and the
 * campaign on the other side (donations; null for the general fund).
 */
export async function walletStatement(
  executor: Executor,
  userId: string,
  page: { page: number; amount: number },
): Promise<{ entries: WalletStatementEntry[]; total: number }> {
  const [counted] = await selectRows<{ total: string | number }>(
    executor,
    sql`select count(distinct e.group_id) as total from ledger_entries e where e.account_id in (${walletAccount(userId)})`,
  );
  const total = Number(counted?.total ?? 0);
  if (total === 0) return { entries: [], total };
  const rows = await selectRows<StatementRow>(
    executor,
    sql`
    select m.id, m.kind, m.created_at, m.amount, m.origin,
      (select json_build_object('slug', c.slug, 'title', c.title) from ledger_entries o
        join ledger_accounts a on a.id = o.account_id and a.kind = 'campaign'
        join campaigns c on c.id::text = a.owner_key
        where o.group_id = m.id limit 1) as campaign
    from (
      select g.id, g.kind, g.created_at, sum(e.amount_cents) as amount, max(e.id) as last_entry, min(l.origin) as origin
      from ledger_entries e
      join ledger_groups g on g.id = e.group_id
      left join wallet_lots l on l.id = e.lot_id
      where e.account_id in (${walletAccount(userId)})
      group by g.id, g.kind, g.created_at
    ) m
    order by m.created_at desc, m.last_entry desc
    limit ${page.amount} offset ${page.page * page.amount}`,
  );
  const entries = rows.map((r): WalletStatementEntry => {
    const amount = Number(r.amount);
    const kind = statementKind(r.kind, amount);
    return {
      id: r.id,
      kind,
      amount,
      origin: kind === 'credit' ? r.origin : null,
      campaign: kind === 'credit' ? null : r.campaign,
      created_at: new Date(r.created_at).toISOString(),
    };
  });
  return { entries, total };
}
