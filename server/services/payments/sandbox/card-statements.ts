import { and, eq, gt, isNull } from 'drizzle-orm';
import { reusedQuery } from '../../../db/reused-query';
import { sandboxCardTokens, sandboxPayments } from '../../../db/schema/sandbox-gateway';

// A card charge's statements, built once: the sandbox stands in for the card provider in every sandbox donation (issue 26).
type CardTokenRow = typeof sandboxCardTokens.$inferSelect;

export const findCardToken = reusedQuery<{ token: string }, CardTokenRow[]>((db, value) =>
  db
    .select()
    .from(sandboxCardTokens)
    .where(eq(sandboxCardTokens.token, value('token'))),
);

export const spendOneTimeToken = reusedQuery<{ token: string; now: Date; nowText: string }, CardTokenRow[]>((tx, value) =>
  tx
    .update(sandboxCardTokens)
    .set({ usedAt: value('now') })
    .where(
      and(
        eq(sandboxCardTokens.token, value('token')),
        eq(sandboxCardTokens.kind, 'one_time'),
        isNull(sandboxCardTokens.usedAt),
        gt(sandboxCardTokens.expiresAt, value('nowText')),
      ),
    )
    .returning(),
);

type CardCharge = Pick<
  typeof sandboxPayments.$inferInsert,
  'id' | 'idempotencyKey' | 'status' | 'amountCents' | 'description' | 'failureCode' | 'cardToken' | 'brand' | 'last4' | 'completedAt'
>;

export const insertCardCharge = reusedQuery<CardCharge, Array<typeof sandboxPayments.$inferSelect>>((tx, value) =>
  tx
    .insert(sandboxPayments)
    .values({
      id: value('id'),
      idempotencyKey: value('idempotencyKey'),
      kind: 'card',
      status: value('status'),
      amountCents: value('amountCents'),
      description: value('description'),
      failureCode: value('failureCode'),
      cardToken: value('cardToken'),
      brand: value('brand'),
      last4: value('last4'),
      completedAt: value('completedAt'),
    })
    .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
    .returning(),
);
