import { and, eq, isNull } from 'drizzle-orm';
import { savedCards } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Saved cards as donations and monthly giving charge them (the donor's own list is saved-cards.ts). */
export type SavedCardRow = typeof savedCards.$inferSelect;

/** The donor's saved card that can still be charged on this gateway, or null. */
export async function usableSavedCard(
  executor: Executor,
  input: { cardId: string; userId: string; gateway: string },
): Promise<SavedCardRow | null> {
  const [card] = await executor
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.id, input.cardId),
        eq(savedCards.userId, input.userId),
        eq(savedCards.gateway, input.gateway),
        isNull(savedCards.deletedAt),
      ),
    );
  return card ?? null;
}

/** The donor's card's gateway token, removed or not (a retry pays with the card its first attempt meant). */
export async function savedCardToken(executor: Executor, input: { cardId: string; userId: string }): Promise<string | null> {
  const [card] = await executor
    .select({ token: savedCards.gatewayToken })
    .from(savedCards)
    .where(and(eq(savedCards.id, input.cardId), eq(savedCards.userId, input.userId)));
  return card?.token ?? null;
}

/** The card as stored, removed or not. */
export async function findSavedCard(executor: Executor, cardId: string): Promise<SavedCardRow | null> {
  const [card] = await executor.select().from(savedCards).where(eq(savedCards.id, cardId));
  return card ?? null;
}

export async function savedCardByToken(executor: Executor, gatewayToken: string): Promise<SavedCardRow | null> {
  const [card] = await executor.select().from(savedCards).where(eq(savedCards.gatewayToken, gatewayToken));
  return card ?? null;
}

/** Keeps a card the gateway saved; the same token saved twice stays one card (null: it was there already). */
export async function insertSavedCard(executor: Executor, card: typeof savedCards.$inferInsert): Promise<SavedCardRow | null> {
  const [inserted] = await executor.insert(savedCards).values(card).onConflictDoNothing().returning();
  return inserted ?? null;
}
