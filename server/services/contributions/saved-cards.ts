import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { SavedCard } from '../../../contracts/cards';
import { savedCards, subscriptions } from '../../db/schema';
import type { Database, Executor, Transaction } from '../../db/types';

type SavedCardRow = typeof savedCards.$inferSelect;

const active = (userId: string) => and(eq(savedCards.userId, userId), isNull(savedCards.deletedAt));

export const presentSavedCard = (c: SavedCardRow): SavedCard => ({
  id: c.id,
  brand: c.brand as SavedCard['brand'],
  last4: c.last4,
  exp_month: c.expMonth,
  exp_year: c.expYear,
  holder_name: c.holderName,
  is_default: c.isDefault,
  created_at: c.createdAt.toISOString(),
});

/** The donor's cards, default first, then newest first. */
export async function listSavedCards(executor: Executor, userId: string): Promise<SavedCard[]> {
  const rows = await executor
    .select()
    .from(savedCards)
    .where(active(userId))
    .orderBy(desc(savedCards.isDefault), desc(savedCards.createdAt), desc(savedCards.id));
  return rows.map(presentSavedCard);
}

/**
 * Locks every card of the donor: changes of the default then run one after the other, so the
 * "one default per donor" index never sees two concurrent winners.
 */
async function lockDonorCards(tx: Transaction, userId: string): Promise<SavedCardRow[]> {
  return tx.select().from(savedCards).where(eq(savedCards.userId, userId)).orderBy(savedCards.id).for('update');
}

/** With no default left among the donor's cards, the newest becomes it (or none when there are none). */
async function promoteNewestIfNoDefault(tx: Transaction, cards: SavedCardRow[]): Promise<void> {
  const open = cards.filter((c) => c.deletedAt === null);
  if (open.some((c) => c.isDefault)) return;
  const newest = [...open].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))[0];
  if (newest) await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, newest.id));
}

/** Makes the card the donor's default and unsets the others, in one transaction; false when it is not theirs. */
export async function setDefaultCard(db: Database, userId: string, cardId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const cards = await lockDonorCards(tx, userId);
    if (!cards.some((c) => c.id === cardId && c.deletedAt === null)) return false;
    // Unset first: the partial unique index is checked row by row, not at commit.
    await tx
      .update(savedCards)
      .set({ isDefault: false })
      .where(and(eq(savedCards.userId, userId), eq(savedCards.isDefault, true), ne(savedCards.id, cardId)));
    await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, cardId));
    return true;
  });
}

export type RemoveCardOutcome = 'removed' | 'not_found' | 'pays_monthly';

/**
 * Soft delete (past donations keep pointing at the card they were paid with). A card an open
 * monthly donation charges is refused; removing the default makes the newest remaining card the default.
 */
export async function removeSavedCard(db: Database, userId: string, cardId: string, now: Date): Promise<RemoveCardOutcome> {
  return db.transaction(async (tx) => {
    const cards = await lockDonorCards(tx, userId);
    const card = cards.find((c) => c.id === cardId && c.deletedAt === null);
    if (!card) return 'not_found';
    const [monthly] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.savedCardId, cardId), ne(subscriptions.status, 'canceled')))
      .limit(1);
    if (monthly) return 'pays_monthly';
    await tx.update(savedCards).set({ deletedAt: now, isDefault: false }).where(eq(savedCards.id, cardId));
    await promoteNewestIfNoDefault(
      tx,
      cards.map((c) => (c.id === cardId ? { ...c, deletedAt: now, isDefault: false } : c)),
    );
    return 'removed';
  });
}

/**
 * Call after saving a card: the donor's first card (or any card when none is the default) becomes
 * the default. Idempotent; safe to run concurrently.
 */
export async function ensureDefaultCard(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => promoteDefaultCard(tx, userId));
}

/** ensureDefaultCard inside the caller's transaction (the card saved with what it pays). */
export async function promoteDefaultCard(tx: Transaction, userId: string): Promise<void> {
  await promoteNewestIfNoDefault(tx, await lockDonorCards(tx, userId));
}
