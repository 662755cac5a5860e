import { randomUUID } from 'node:crypto';
import { eq, isNotNull, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerEntries, ledgerGroups, users } from '../../server/db/schema';
import type { DatabaseHandle } from '../../server/db/types';
import {
  accountBalance,
  creditWallet,
  postLedgerGroup,
  spendFromWallet,
  UnbalancedLedgerGroupError,
  walletBalance,
  WalletInsufficientError,
  walletLots,
} from '../../server/services/ledger';
import { openTestDatabase } from '../api/helpers/test-database';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-06-01T12:00:00Z');
const CLEARING = { kind: 'gateway_clearing', gateway: 'sandbox' } as const;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());

type Command =
  | { type: 'donate'; campaign: number; amount: number }
  | { type: 'refund'; donation: number }
  | { type: 'credit'; amount: number; days: number }
  | { type: 'spend'; campaign: number; amount: number };

const amount = fc.integer({ min: 1, max: 20_000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('donate' as const), campaign: fc.integer({ min: 0, max: 1 }), amount }),
  fc.record({ type: fc.constant('refund' as const), donation: fc.nat({ max: 10 }) }),
  fc.record({ type: fc.constant('credit' as const), amount, days: fc.integer({ min: -5, max: 200 }) }),
  fc.record({ type: fc.constant('spend' as const), campaign: fc.integer({ min: 0, max: 1 }), amount: fc.integer({ min: 1, max: 30_000 }) }),
);

async function newDonor(): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({
      name: 'Ana Prop',
      email: `prop.${randomUUID()}@exemplo.com`,
      passwordHash: 'x',
      personType: 'INDIVIDUAL',
      phone: '11987654321',
    })
    .returning({ id: users.id });
  return row!.id;
}

describe('ledger invariants (property)', () => {
  it('random donations, refunds, wallet credits and spends keep groups balanced, lots and wallets non-negative and totals right', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        const { db } = database;
        const userId = await newDonor();
        const campaigns = [randomUUID(), randomUUID()];
        const raised = [0, 0];
        const donations: Array<{ campaign: number; amount: number; refunded: boolean; ref: string }> = [];
        const lots: Array<{ left: number; expiresAt: number }> = [];
        const spendable = () => lots.filter((l) => l.expiresAt > NOW.getTime()).reduce((s, l) => s + l.left, 0);

        for (const c of commands) {
          if (c.type === 'donate') {
            const ref = `donation:${randomUUID()}`;
            await db.transaction((tx) =>
              postLedgerGroup(tx, {
                kind: 'donation',
                reference: ref,
                lines: [
                  { account: CLEARING, amountCents: -c.amount },
                  { account: { kind: 'campaign', campaignId: campaigns[c.campaign]! }, amountCents: c.amount },
                ],
              }),
            );
            donations.push({ campaign: c.campaign, amount: c.amount, refunded: false, ref });
            raised[c.campaign]! += c.amount;
          } else if (c.type === 'refund') {
            const d = donations[c.donation];
            if (!d || d.refunded) continue;
            await db.transaction((tx) =>
              postLedgerGroup(tx, {
                kind: 'refund',
                reference: `refund:${d.ref}`,
                lines: [
                  { account: { kind: 'campaign', campaignId: campaigns[d.campaign]! }, amountCents: -d.amount },
                  { account: CLEARING, amountCents: d.amount },
                ],
              }),
            );
            d.refunded = true;
            raised[d.campaign]! -= d.amount;
          } else if (c.type === 'credit') {
            const expiresAt = NOW.getTime() + c.days * DAY_MS;
            await db.transaction((tx) =>
              creditWallet(tx, {
                userId,
                amountCents: c.amount,
                origin: 'adjustment',
                expiresAt: new Date(expiresAt),
                from: CLEARING,
                reference: `credit:${randomUUID()}`,
              }),
            );
            lots.push({ left: c.amount, expiresAt });
          } else {
            const available = spendable();
            const spend = db.transaction((tx) =>
              spendFromWallet(tx, {
                userId,
                amountCents: c.amount,
                to: { kind: 'campaign', campaignId: campaigns[c.campaign]! },
                reference: `spend:${randomUUID()}`,
                now: NOW,
              }),
            );
            if (available < c.amount) {
              await expect(spend).rejects.toBeInstanceOf(WalletInsufficientError);
              continue;
            }
            await spend;
            let left = c.amount;
            for (const lot of [...lots]
              .filter((l) => l.expiresAt > NOW.getTime() && l.left > 0)
              .sort((a, b) => a.expiresAt - b.expiresAt)) {
              const take = Math.min(left, lot.left);
              lot.left -= take;
              left -= take;
            }
            raised[c.campaign]! += c.amount;
          }
        }

        const unbalanced = await db
          .select({ id: ledgerEntries.groupId })
          .from(ledgerEntries)
          .groupBy(ledgerEntries.groupId)
          .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
        expect(unbalanced).toEqual([]);
        const negativeLots = await db
          .select({ id: ledgerEntries.lotId })
          .from(ledgerEntries)
          .where(isNotNull(ledgerEntries.lotId))
          .groupBy(ledgerEntries.lotId)
          .having(sql`sum(${ledgerEntries.amountCents}) < 0`);
        expect(negativeLots).toEqual([]);
        expect(await walletBalance(db, userId, NOW)).toBe(spendable());
        // Spends took the lots that expire first: what is left per lot matches the model's FIFO.
        const open = lots.filter((l) => l.expiresAt > NOW.getTime() && l.left > 0).sort((a, b) => a.expiresAt - b.expiresAt);
        expect((await walletLots(db, userId, NOW)).map((l) => l.remainingCents)).toEqual(open.map((l) => l.left));
        expect(await accountBalance(db, { kind: 'donor_wallet', userId })).toBeGreaterThanOrEqual(0);
        for (const [i, id] of campaigns.entries()) expect(await accountBalance(db, { kind: 'campaign', campaignId: id })).toBe(raised[i]);
      }),
      { numRuns: 25 },
    );
  }, 240_000);

  it('postLedgerGroup refuses an unbalanced group before writing, and the database refuses a hand-made one', async () => {
    const { db } = database;
    const reference = `broken:${randomUUID()}`;
    await expect(
      db.transaction((tx) =>
        postLedgerGroup(tx, {
          kind: 'donation',
          reference,
          lines: [
            { account: CLEARING, amountCents: -100 },
            { account: { kind: 'general_fund' }, amountCents: 99 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(UnbalancedLedgerGroupError);

    const handMade = db.transaction(async (tx) => {
      const [group] = await tx.insert(ledgerGroups).values({ kind: 'donation', reference }).returning({ id: ledgerGroups.id });
      await postLedgerGroup(tx, {
        kind: 'donation',
        reference: `${reference}:ok`,
        lines: [
          { account: CLEARING, amountCents: -1 },
          { account: { kind: 'general_fund' }, amountCents: 1 },
        ],
      });
      const [account] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'general_fund'));
      await tx.insert(ledgerEntries).values({ groupId: group!.id, accountId: account!.id, amountCents: 500 });
    });
    await expect(handMade).rejects.toThrow();
    expect(
      await db
        .select()
        .from(ledgerGroups)
        .where(like(ledgerGroups.reference, `${reference}%`)),
    ).toEqual([]);
  });
  it('postLedgerGroup writes a reference once, small, dated or large, and answers the group it wrote first', async () => {
    const { db } = database;
    const campaigns = Array.from({ length: 5 }, () => ({ kind: 'campaign', campaignId: randomUUID() }) as const);
    const cases = [
      {
        lines: [
          { account: CLEARING, amountCents: -300 },
          { account: campaigns[0]!, amountCents: 300 },
        ],
      },
      {
        at: new Date('2025-12-24T15:00:00Z'),
        lines: [
          { account: CLEARING, amountCents: -700 },
          { account: campaigns[1]!, amountCents: 400 },
          { account: campaigns[2]!, amountCents: 300 },
        ],
      },
      { lines: [{ account: CLEARING, amountCents: -500 }, ...campaigns.map((account) => ({ account, amountCents: 100 }))] },
    ];
    for (const { lines, at } of cases) {
      const reference = `once:${randomUUID()}`;
      const first = await db.transaction((tx) => postLedgerGroup(tx, { kind: 'donation', reference, lines, at }));
      const again = await db.transaction((tx) => postLedgerGroup(tx, { kind: 'donation', reference, lines, at }));
      expect(first.created).toBe(true);
      expect(again).toEqual({ groupId: first.groupId, created: false });
      const [group] = await db.select().from(ledgerGroups).where(eq(ledgerGroups.reference, reference));
      expect(group!.id).toBe(first.groupId);
      if (at) expect(group!.createdAt).toEqual(at);
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.groupId, first.groupId));
      expect(entries.map((e) => e.amountCents).sort((a, b) => a - b)).toEqual(lines.map((l) => l.amountCents).sort((a, b) => a - b));
    }
    expect(await accountBalance(db, campaigns[0]!)).toBe(400);
    expect(await accountBalance(db, campaigns[4]!)).toBe(100);
  });
});
