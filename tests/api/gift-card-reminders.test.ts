import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../../server/i18n/translator';
import { issueGiftCard } from '../../server/services/ledger';
import { remindExpiringGiftCards } from '../../server/services/gift-cards/remind-expiring';
import type { WalletJobDeps } from '../../server/services/wallet/wallet-job-deps';
import { newSession } from './helpers/fixtures';
import { outboxTo } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let deps: WalletJobDeps;
beforeAll(async () => {
  ctx = await createTestContext();
  deps = { db: ctx.database.db, translator: createTranslator(), config: ctx.config };
});
afterAll(() => ctx.close());

const issue = (input: { days: number; recipientEmail?: string; buyerUserId?: string; valueCents?: number }) =>
  ctx.database.db.transaction((tx) =>
    issueGiftCard(tx, {
      valueCents: input.valueCents ?? 8_000,
      expiresAt: new Date(ctx.clock.now().getTime() + input.days * DAY_MS),
      recipientName: input.recipientEmail ? 'Ana Souza' : null,
      recipientEmail: input.recipientEmail ?? null,
      buyerUserId: input.buyerUserId ?? null,
      now: ctx.clock.now(),
    }),
  );
const run = () => remindExpiringGiftCards(deps, ctx.clock.now());
const reminders = async (to: string) =>
  (await outboxTo(ctx.database.db, to)).filter((m) => m.subject.startsWith('Seu gift card Semear vence'));

describe('gift card expiry reminders', () => {
  it('reminds the recipient 30 and then 7 days before, once each, with what is left, the date and the card’s page', async () => {
    const to = `ana-${crypto.randomUUID()}@exemplo.com.br`;
    const card = await issue({ days: 40, recipientEmail: to });
    await run();
    expect(await reminders(to)).toHaveLength(0);

    ctx.clock.advance(11 * DAY_MS);
    await run();
    await run();
    const [first] = await reminders(to);
    expect(await reminders(to)).toHaveLength(1);
    expect(first?.text).toContain('Olá, Ana!');
    expect(first?.text).toMatch(/Ainda há R\$\s80,00 no seu gift card Semear, para doar até/);
    expect(first?.text).toContain(`http://semear.test/gift-card/resgatar?code=${card.code}`);

    ctx.clock.advance(23 * DAY_MS);
    await run();
    await run();
    expect(await reminders(to)).toHaveLength(2);
    ctx.clock.advance(10 * DAY_MS);
    await run();
    expect(await reminders(to)).toHaveLength(2);
  });

  it('a card first seen within 7 days gets only the 7-day reminder; a card with no recipient reminds its buyer', async () => {
    const buyer = await newSession(ctx.app);
    const card = await issue({ days: 5, buyerUserId: buyer.user.id });
    await run();
    await run();
    const mails = await reminders(buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Olá, ${buyer.user.name.split(' ')[0]}!`);
    expect(mails[0]?.text).toContain(card.code);
  });

  it('a redeemed or used-up card is not reminded', async () => {
    const redeemedTo = `bia-${crypto.randomUUID()}@exemplo.com.br`;
    const redeemed = await issue({ days: 20, recipientEmail: redeemedTo });
    const donor = await newSession(ctx.app);
    expect(
      (await call(ctx.app, 'POST', '/api/v1/gift-cards/redemptions', { code: redeemed.code }, { token: donor.token })).statusCode,
    ).toBe(200);
    await run();
    expect(await reminders(redeemedTo)).toHaveLength(0);
  });
});
