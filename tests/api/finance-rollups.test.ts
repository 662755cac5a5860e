import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinanceLine } from '../../contracts/admin-finances';
import { countFinanceLinesByDay, financePages } from '../../server/services/finances/finance-pages';
import { compactFinanceDays } from '../../server/services/finances/finance-rollups';
import { figuresOf } from '../../server/services/finances/finances';
import { postLedgerGroup } from '../../server/services/ledger/post-group';
import { selectRows } from '../../server/services/wallet/raw-rows';
import { insertCategory } from './helpers/campaign-fixtures';
import { createCampaign } from './helpers/giving';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * The finances' daily rollups (issue 52, docs/admin.md "Finances"): for random donations, refunds,
 * chargebacks and fees over several days, the page's figures for any period equal the sums of the
 * period's ledger lines (the export's, read line by line) before compaction, after it, after entries
 * written since (today's, and one dated into a compacted day), and compacting twice adds nothing.
 */

let ctx: TestContext;
let campaignIds: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  const category = await insertCategory(ctx.database.db, 'Educação', undefined, { en: 'Education' });
  campaignIds = [(await createCampaign(ctx.database.db, { categoryId: category.id })).id, (await createCampaign(ctx.database.db)).id];
});
afterAll(() => ctx.close());

/** A small seeded generator, so a failure is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const METHODS = ['card', 'pix', 'paypal', 'wallet', 'gift_card'] as const;

/** `count` donations spread over the last `days` days (by the database's clock), some refunded, charged back or charged a fee. */
async function seedMovements(next: () => number, count: number, days: number): Promise<void> {
  const db = ctx.database.db;
  for (let i = 0; i < count; i++) {
    const campaignId = next() < 0.15 ? null : (campaignIds[Math.floor(next() * campaignIds.length)] as string);
    const amount = 100 + Math.floor(next() * 10_000);
    const method = METHODS[Math.floor(next() * METHODS.length)] as string;
    const hoursAgo = next() * days * 24;
    const cause = campaignId ? sql`('campaign', ${campaignId}::text)` : sql`('general_fund', '')`;
    const moves: Array<{ kind: string; reference: (id: string) => string; amount: number; to: string; description?: boolean }> = [
      { kind: 'donation', reference: (id) => `donation:${id}`, amount, to: 'gateway_clearing' },
    ];
    const roll = next();
    if (roll < 0.2)
      moves.push({ kind: 'refund', reference: (id) => `refund:${id}`, amount: -Math.ceil(amount / 2), to: 'gateway_clearing' });
    else if (roll < 0.3) moves.push({ kind: 'chargeback', reference: (id) => `chargeback:${id}`, amount: -amount, to: 'gateway_clearing' });
    if (next() < 0.3)
      moves.push({ kind: 'provider_fee', reference: (id) => `fee:${id}`, amount: -50, to: 'platform_fees', description: true });
    await db.transaction(async (tx) => {
      const [donation] = await selectRows<{ id: string }>(
        tx,
        sql`insert into donations (campaign_id, amount_cents, status, payment_method, contact, receipt_token_hash, created_at, confirmed_at)
          values (${campaignId}, ${amount}, 'confirmed', ${method}, '{"name":"Doadora","email":"d@x.dev"}'::jsonb, 'test',
            now() - ${hoursAgo} * interval '1 hour', now() - ${hoursAgo} * interval '1 hour') returning id`,
      );
      const id = donation?.id as string;
      for (const [n, move] of moves.entries()) {
        // A refund or fee comes a little after its donation, sometimes on the next day.
        const at = sql`now() - ${Math.max(0, hoursAgo - n * next() * 20)} * interval '1 hour'`;
        await tx.execute(sql`
          with accounts as (
            insert into ledger_accounts (kind, owner_key) values ${cause}, (${move.to}, ${move.to === 'platform_fees' ? '' : 'sandbox'})
            on conflict (kind, owner_key) do update set kind = excluded.kind returning id, kind
          ), grp as (
            insert into ledger_groups (kind, reference, description, created_at)
            values (${move.kind}, ${move.reference(id)}, ${move.description ? `donation ${id}` : ''}, ${at}) returning id
          )
          insert into ledger_entries (group_id, account_id, amount_cents)
          select grp.id, accounts.id, case when accounts.kind in ('campaign', 'general_fund') then ${move.amount}::bigint else ${-move.amount}::bigint end
          from grp, accounts`);
      }
    });
  }
}

type Figures = Awaited<ReturnType<typeof figuresOf>>;

/** The figures as the sums of the period's export lines (the definition the page must equal), and how many they are. */
async function lineSums(period: { from: string; to: string }): Promise<Omit<Figures, 'monthly'> & { lines: number }> {
  const lines: FinanceLine[] = [];
  for await (const page of financePages(ctx.database.db, period, { locale: 'pt' })) lines.push(...page);
  const gross = lines.filter((line) => line.kind === 'donation');
  const groups = (keyOf: (line: FinanceLine) => { key: string; label: string }) => {
    const map = new Map<string, { key: string; label: string; gross: number; count: number }>();
    for (const line of gross) {
      const { key, label } = keyOf(line);
      const group = map.get(key) ?? { key, label, gross: 0, count: 0 };
      group.gross += line.gross;
      group.count += 1;
      map.set(key, group);
    }
    return [...map.values()].sort((a, b) => b.gross - a.gross || a.key.localeCompare(b.key));
  };
  const days = new Map<string, number>();
  for (const line of gross) days.set(line.day, (days.get(line.day) ?? 0) + line.gross);
  const sum = (pick: (line: FinanceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    gross: sum((l) => l.gross),
    refunds: sum((l) => l.refund),
    fees: sum((l) => l.fee),
    net: sum((l) => l.net),
    donations: gross.length,
    by_method: groups((l) => ({ key: l.method ?? 'other', label: l.method ?? '' })),
    by_campaign: groups((l) => (l.campaign ? { key: l.campaign.slug, label: l.campaign.title } : { key: 'general_fund', label: '' })),
    by_category: groups((l) => (l.category ? { key: l.category.slug, label: l.category.name } : { key: 'none', label: '' })),
    daily: [...days.entries()].map(([day, total]) => ({ day, gross: total })).sort((a, b) => a.day.localeCompare(b.day)),
    lines: lines.length,
  };
}

const dayOf = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);

async function databaseNow(): Promise<Date> {
  const [row] = await selectRows<{ now: string }>(ctx.database.db, sql`select now()::text as now`);
  return new Date(row?.now as string);
}

/** Random periods within the last `days` days (and one of them all), each compared to its lines. */
async function expectExactFigures(next: () => number, days: number, label: string): Promise<void> {
  const now = await databaseNow();
  const dayAgo = (n: number) => dayOf(new Date(now.getTime() - n * 86_400_000));
  const periods = [{ from: dayAgo(days + 1), to: dayAgo(0) }];
  for (let i = 0; i < 5; i++) {
    const a = Math.floor(next() * (days + 2));
    const b = Math.floor(next() * (days + 2));
    periods.push({ from: dayAgo(Math.max(a, b)), to: dayAgo(Math.min(a, b)) });
  }
  for (const period of periods) {
    const { monthly: _monthly, ...figures } = await figuresOf(ctx.database.db, period);
    // The export's count of the lines too (its progress), which reads compacted days from their rollups.
    const lines = await countFinanceLinesByDay(ctx.database.db, period);
    expect({ ...figures, lines }, `${label} ${period.from}..${period.to}`).toEqual(await lineSums(period));
  }
}

const rollupRows = async () =>
  selectRows<{ day: string; line_kind: string; amount_cents: string; lines: number }>(
    ctx.database.db,
    sql`select day::text, line_kind, account_id, method, amount_cents::text, lines from finance_day_sums order by 1, 2, 3, 4`,
  );

describe('finances from daily rollups', () => {
  it('equal the sums of the ledger lines for any period, before and after compaction, and with entries written since', async () => {
    const next = random(52);
    const DAYS = 6;
    await seedMovements(next, 60, DAYS);
    await expectExactFigures(next, DAYS, 'before compaction');

    const first = await compactFinanceDays(ctx.database.db);
    expect(first.days).toBeGreaterThanOrEqual(DAYS - 1);
    expect(first.lines).toBeGreaterThan(0);
    await expectExactFigures(next, DAYS, 'after compaction');

    // Idempotent: a second run finds every day that is over done, and the sums are as they were.
    const sums = await rollupRows();
    expect(await compactFinanceDays(ctx.database.db)).toEqual({ days: 0, lines: 0 });
    expect(await rollupRows()).toEqual(sums);

    // Written since: today's movements (not compacted), and a group dated into a compacted day (it reopens the day).
    // Today's (São Paulo): within the hours since its midnight, by the database's clock.
    const now = await databaseNow();
    const sinceMidnight = (now.getTime() - Date.parse(`${dayOf(now)}T00:00:00-03:00`)) / 86_400_000;
    await seedMovements(next, 10, Math.max(0, sinceMidnight * 0.9));
    const threeDaysAgo = new Date(now.getTime() - 3 * 86_400_000);
    await ctx.database.db.transaction(async (tx) => {
      await postLedgerGroup(tx, {
        kind: 'automatic_donation',
        reference: `automatic_donation:test:${now.getTime()}`,
        at: threeDaysAgo,
        lines: [
          { account: { kind: 'gateway_clearing', gateway: 'sandbox' }, amountCents: -777 },
          { account: { kind: 'general_fund' }, amountCents: 777 },
        ],
      });
    });
    const reopened = await selectRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*)::text as n from finance_compacted_days where day = ${dayOf(threeDaysAgo)}::date`,
    );
    expect(reopened[0]?.n).toBe('0');
    await expectExactFigures(next, DAYS, 'with entries written after compaction');
    expect((await compactFinanceDays(ctx.database.db)).days).toBe(1);
    await expectExactFigures(next, DAYS, 'after compacting again');
    // Some seventy transactions and two dozen periods read line by line: more than the default on a busy machine.
  }, 300_000);
});
