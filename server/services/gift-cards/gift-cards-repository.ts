import { and, eq, lte, sql } from 'drizzle-orm';
import { giftCards } from '../../db/schema';
import type { Executor } from '../../db/types';

/** The gift_cards table (docs/design.md §8); a card's money is its ledger account, not a column here. */
export type GiftCardRow = typeof giftCards.$inferSelect;

export async function insertGiftCard(tx: Executor, values: typeof giftCards.$inferInsert): Promise<GiftCardRow | null> {
  const [card] = await tx.insert(giftCards).values(values).returning();
  return card ?? null;
}

/** The card with this code; with `lock`, locked for the rest of the transaction (a payment from it). */
export async function findGiftCardByCode(tx: Executor, code: string, options: { lock: boolean }): Promise<GiftCardRow | null> {
  const query = tx.select().from(giftCards).where(eq(giftCards.code, code));
  const [card] = options.lock ? await query.for('update') : await query;
  return card ?? null;
}

export async function lockGiftCard(tx: Executor, giftCardId: string): Promise<GiftCardRow | null> {
  const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, giftCardId)).for('update');
  return card ?? null;
}

export async function giftCardExpiry(executor: Executor, giftCardId: string): Promise<Date | null> {
  const [card] = await executor.select({ expiresAt: giftCards.expiresAt }).from(giftCards).where(eq(giftCards.id, giftCardId));
  return card?.expiresAt ?? null;
}

export async function setGiftCardStatus(tx: Executor, giftCardId: string, status: GiftCardRow['status']): Promise<void> {
  await tx.update(giftCards).set({ status }).where(eq(giftCards.id, giftCardId));
}

/** Gift cards past their expiry, still active (never redeemed into a wallet) and with money on their account. */
export async function expiredGiftCardsWithMoneyLeft(executor: Executor, now: Date): Promise<string[]> {
  const balance = sql<string>`coalesce((select sum(e.amount_cents) from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.kind = 'gift_card' and a.owner_key = "gift_cards"."id"::text), 0)`;
  const rows = await executor
    .select({ id: giftCards.id, balance })
    .from(giftCards)
    .where(and(eq(giftCards.status, 'active'), lte(giftCards.expiresAt, now)))
    .orderBy(giftCards.expiresAt, giftCards.id);
  return rows.filter((r) => Number(r.balance) > 0).map((r) => r.id);
}
