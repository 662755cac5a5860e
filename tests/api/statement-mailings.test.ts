import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, statementMailings, users } from '../../server/db/schema';
import { createTranslator } from '../../server/i18n/translator';
import { mailYearlyStatements } from '../../server/services/statements/yearly-statements';
import type { WalletJobDeps } from '../../server/services/wallet/wallet-job-deps';
import { give, insertCampaign } from './helpers/campaign-fixtures';
import { newSession } from './helpers/fixtures';
import { outboxTo } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let deps: WalletJobDeps;
let campaignId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  deps = { db: ctx.database.db, translator: createTranslator(), config: ctx.config };
  campaignId = (await insertCampaign(ctx.database.db, { title: 'Horta comunitária' })).id;
});
afterAll(() => ctx.close());

// The platform's clock in São Paulo (UTC−3): the window is 1–7 January there.
const saoPaulo = (isoLocal: string) => new Date(`${isoLocal}-03:00`);
const statementMails = async (to: string, year = 2030) =>
  (await outboxTo(ctx.database.db, to)).filter((m) => m.subject.includes(String(year)));

async function donorWithGifts(gifts: Array<{ at: Date; cents: number }>, locale?: 'en') {
  const donor = await newSession(ctx.app);
  if (locale) await ctx.database.db.update(users).set({ locale }).where(eq(users.id, donor.user.id));
  for (const gift of gifts)
    await give(ctx.database.db, campaignId, { userId: donor.user.id, at: gift.at, amountCents: gift.cents, email: donor.user.email });
  return donor;
}

describe('January statement e-mail', () => {
  it('mails each donor of last year once, with the year total and the Comprovantes link, even when two runs race', async () => {
    const ana = await donorWithGifts([
      { at: saoPaulo('2030-03-10T10:00:00'), cents: 5_000 },
      // 23:30 on 31 December in São Paulo is 2031 in UTC, and still 2030's gift.
      { at: saoPaulo('2030-12-31T23:30:00'), cents: 2_500 },
    ]);
    const onlyEarlier = await donorWithGifts([{ at: saoPaulo('2029-06-01T12:00:00'), cents: 9_000 }]);

    const now = saoPaulo('2031-01-02T09:07:00');
    const [first, second] = await Promise.all([mailYearlyStatements(deps, now), mailYearlyStatements(deps, now)]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    await mailYearlyStatements(deps, saoPaulo('2031-01-05T10:07:00'));

    const mails = await statementMails(ana.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Seu comprovante de doações de 2030');
    expect(mails[0]?.text).toMatch(/Em 2030, você doou R\$\s75,00 pelo Semear/);
    expect(mails[0]?.text).toContain('http://semear.test/profile#comprovantes-2030');
    const [marked] = await ctx.database.db
      .select()
      .from(statementMailings)
      .where(and(eq(statementMailings.userId, ana.user.id), eq(statementMailings.year, 2030)));
    expect(marked?.totalCents).toBe(7_500);
    const notices = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.user.id), eq(notifications.type, 'yearly_statement')));
    expect(notices.map((n) => n.metadata)).toEqual([{ year: 2030, amount: 7_500 }]);

    expect(await statementMails(onlyEarlier.user.email)).toHaveLength(0);
    expect(await statementMails(onlyEarlier.user.email, 2029)).toHaveLength(0);
  });

  it('writes in the donor’s language', async () => {
    const bob = await donorWithGifts([{ at: saoPaulo('2030-05-05T12:00:00'), cents: 10_000 }], 'en');
    await mailYearlyStatements(deps, saoPaulo('2031-01-03T09:07:00'));
    const [mail] = await statementMails(bob.user.email);
    expect(mail?.subject).toBe('Your 2030 donation statement');
    expect(mail?.text).toMatch(/In 2030, you gave R\$\s100,00 through Semear/);
  });

  it('does not mail a donor who muted it in the notification preferences', async () => {
    const carla = await donorWithGifts([{ at: saoPaulo('2030-08-08T12:00:00'), cents: 3_000 }]);
    const muted = await call(
      ctx.app,
      'PUT',
      '/api/v1/notification-preferences',
      { types: [{ type: 'donations' }], channels: ['in_app', 'email'] },
      { token: carla.token },
    );
    expect(muted.statusCode, muted.body).toBe(200);
    await mailYearlyStatements(deps, saoPaulo('2031-01-04T09:07:00'));
    expect(await statementMails(carla.user.email)).toHaveLength(0);
  });

  it('sends nothing outside the first week of January', async () => {
    const dora = await donorWithGifts([{ at: saoPaulo('2030-02-02T12:00:00'), cents: 4_000 }]);
    expect(await mailYearlyStatements(deps, saoPaulo('2030-12-31T23:59:00'))).toBe(0);
    expect(await mailYearlyStatements(deps, saoPaulo('2031-01-08T00:00:00'))).toBe(0);
    expect(await mailYearlyStatements(deps, saoPaulo('2031-02-01T09:00:00'))).toBe(0);
    expect(await statementMails(dora.user.email)).toHaveLength(0);
  });
});
