import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, donations, donorSettings, giftCards, ledgerGroups, notifications } from '../../server/db/schema';
import { createTranslator } from '../../server/i18n/translator';
import { accountBalance, creditWallet, issueGiftCard, spendFromWallet, walletBalance } from '../../server/services/ledger';
import { notifyExpiringCredit } from '../../server/services/wallet/notify-expiring';
import { settleExpiredCredit, type WalletJobDeps } from '../../server/services/wallet/settle-expired';
import { give as giveConfirmed } from './helpers/campaign-fixtures';
import { newSession } from './helpers/fixtures';
import { campaignRaised, createCampaign, outboxTo } from './helpers/giving';
import { createTestContext, type TestContext } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
let ctx: TestContext;
let deps: WalletJobDeps;

beforeAll(async () => {
  ctx = await createTestContext();
  deps = { db: ctx.database.db, translator: createTranslator(), config: ctx.config };
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const now = () => ctx.clock.now();
const runningCampaign = () =>
  createCampaign(db(), { startsAt: new Date(now().getTime() - DAY_MS), endsAt: new Date(now().getTime() + 2 * 365 * DAY_MS) });
let refs = 0;

/** Credits the donor's wallet with a lot expiring `inMs` from the test clock's now; resolves to the lot id. */
async function credit(
  userId: string,
  amountCents: number,
  inMs: number,
  origin: 'monthly_credit' | 'gift_card' = 'monthly_credit',
): Promise<string> {
  refs += 1;
  const { lotId } = await db().transaction((tx) =>
    creditWallet(tx, {
      userId,
      amountCents,
      origin,
      expiresAt: new Date(now().getTime() + inMs),
      from: { kind: 'gateway_clearing', gateway: 'sandbox' },
      reference: `test_credit:${userId}:${refs}`,
    }),
  );
  return lotId;
}

async function spend(userId: string, amountCents: number, campaignId: string): Promise<void> {
  refs += 1;
  await db().transaction((tx) =>
    spendFromWallet(tx, {
      userId,
      amountCents,
      to: { kind: 'campaign', campaignId },
      reference: `test_spend:${userId}:${refs}`,
      now: now(),
    }),
  );
}

const automaticDonation = async (source: string) => db().select().from(donations).where(eq(donations.automaticSource, source));
const noticesOf = async (userId: string, type: 'automatic_donation' | 'credit_expiring') =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
const walletAccount = (userId: string) => accountBalance(db(), { kind: 'donor_wallet', userId });
const chooseCause = (userId: string, campaignId: string) =>
  db().insert(donorSettings).values({ userId, autoDonationCampaignId: campaignId });

describe('settleExpiredCredit: unused credit is donated at its expiry', () => {
  it("what is left on an expired lot goes to the donor's chosen cause, once, with a notice and an e-mail", async () => {
    const donor = await newSession(ctx.app);
    const userId = donor.user.id;
    const chosen = await runningCampaign();
    const elsewhere = await runningCampaign();
    await chooseCause(userId, chosen.id);
    const lotId = await credit(userId, 3000, DAY_MS);
    await credit(userId, 1000, 40 * DAY_MS); // still open: it stays in the wallet
    await spend(userId, 1200, elsewhere.id);
    const raisedBefore = await campaignRaised(db(), chosen.id);

    // Before the expiry nothing happens.
    await settleExpiredCredit(deps, now());
    expect(await automaticDonation(`lot:${lotId}`)).toEqual([]);

    ctx.clock.advance(DAY_MS + MINUTE_MS);
    const outcome = await settleExpiredCredit(deps, now());
    expect(outcome).toEqual({ donations: 1, cents: 1800 });
    const [donation] = await automaticDonation(`lot:${lotId}`);
    expect(donation).toMatchObject({ userId, campaignId: chosen.id, amountCents: 1800, status: 'confirmed', paymentMethod: 'wallet' });
    expect(donation?.contact).toMatchObject({ name: donor.user.name, email: donor.user.email });
    expect(await campaignRaised(db(), chosen.id)).toBe(raisedBefore + 1800);
    expect(await walletAccount(userId)).toBe(1000);
    expect(await walletBalance(db(), userId, now())).toBe(1000);
    const [group] = await db()
      .select()
      .from(ledgerGroups)
      .where(eq(ledgerGroups.reference, `automatic_donation:lot:${lotId}`));
    expect(group?.kind).toBe('automatic_donation');

    const [notice] = await noticesOf(userId, 'automatic_donation');
    expect(notice?.metadata).toMatchObject({
      donation_id: donation?.id,
      amount: 1800,
      campaign: { slug: chosen.slug, title: chosen.title },
      reason: 'chosen',
    });
    const mails = await outboxTo(db(), donor.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Seu crédito de R$ 18,00 virou doação para ${chosen.title}`);
    expect(mails[0]?.text).toContain('Foi você quem escolheu essa causa na sua carteira.');
    expect(mails[0]?.text).toContain('http://semear.test/profile/wallet');

    // A second run (the next minute's tick) donates nothing more and tells nobody again.
    expect(await settleExpiredCredit(deps, now())).toEqual({ donations: 0, cents: 0 });
    expect(await automaticDonation(`lot:${lotId}`)).toHaveLength(1);
    expect(await noticesOf(userId, 'automatic_donation')).toHaveLength(1);
    expect(await outboxTo(db(), donor.user.email)).toHaveLength(1);
  });

  it('without a chosen cause: the open campaign the donor gave most to in the last 12 months', async () => {
    const donor = await newSession(ctx.app);
    const userId = donor.user.id;
    const [small, most, ended, old] = [await runningCampaign(), await runningCampaign(), await runningCampaign(), await runningCampaign()];
    await giveConfirmed(db(), small.id, { userId, amountCents: 2000, at: new Date(now().getTime() - 30 * DAY_MS) });
    await giveConfirmed(db(), small.id, { userId, amountCents: 2000, at: new Date(now().getTime() - 20 * DAY_MS) });
    await giveConfirmed(db(), most.id, { userId, amountCents: 5000, at: new Date(now().getTime() - 60 * DAY_MS) });
    await giveConfirmed(db(), ended.id, { userId, amountCents: 90_000, at: new Date(now().getTime() - 10 * DAY_MS) });
    await giveConfirmed(db(), old.id, { userId, amountCents: 90_000, at: new Date(now().getTime() - 400 * DAY_MS) });
    const lotId = await credit(userId, 2500, 2 * DAY_MS);
    const raisedBefore = await campaignRaised(db(), most.id);
    ctx.clock.advance(2 * DAY_MS);
    await db().update(campaigns).set({ status: 'ended' }).where(eq(campaigns.id, ended.id));

    await settleExpiredCredit(deps, now());
    const [donation] = await automaticDonation(`lot:${lotId}`);
    expect(donation).toMatchObject({ campaignId: most.id, amountCents: 2500 });
    expect(await campaignRaised(db(), most.id)).toBe(raisedBefore + 2500);
    const [notice] = await noticesOf(userId, 'automatic_donation');
    expect(notice?.metadata).toMatchObject({ reason: 'most_given', campaign: { slug: most.slug } });
  });

  it('no cause and no gifts: the general fund', async () => {
    const donor = await newSession(ctx.app);
    const lotId = await credit(donor.user.id, 4000, DAY_MS);
    const fundBefore = await accountBalance(db(), { kind: 'general_fund' });
    ctx.clock.advance(DAY_MS);
    await settleExpiredCredit(deps, now());
    const [donation] = await automaticDonation(`lot:${lotId}`);
    expect(donation).toMatchObject({ campaignId: null, amountCents: 4000 });
    expect(await accountBalance(db(), { kind: 'general_fund' })).toBe(fundBefore + 4000);
    expect(await walletAccount(donor.user.id)).toBe(0);
    const [notice] = await noticesOf(donor.user.id, 'automatic_donation');
    expect(notice?.metadata).toMatchObject({ reason: 'general_fund', campaign: null, amount: 4000 });
    const [mail] = await outboxTo(db(), donor.user.email);
    expect(mail?.subject).toBe('Seu crédito de R$ 40,00 virou doação para o fundo geral do Semear');
  });

  it('the e-mail is in the language the donor last gave in', async () => {
    const donor = await newSession(ctx.app);
    const campaign = await runningCampaign();
    const gift = await giveConfirmed(db(), campaign.id, {
      userId: donor.user.id,
      amountCents: 1000,
      at: new Date(now().getTime() - DAY_MS),
    });
    await db().update(donations).set({ locale: 'en' }).where(eq(donations.id, gift.id));
    await credit(donor.user.id, 2000, DAY_MS);
    ctx.clock.advance(DAY_MS);
    await settleExpiredCredit(deps, now());
    const [mail] = await outboxTo(db(), donor.user.email);
    expect(mail?.subject).toBe(`Your R$ 20,00 credit became a donation to ${campaign.title}`);
    expect(mail?.text).toContain('It is the cause you gave the most to in the last 12 months.');
  });

  it('a lot spent in full donates nothing', async () => {
    const donor = await newSession(ctx.app);
    const campaign = await runningCampaign();
    const lotId = await credit(donor.user.id, 1500, DAY_MS);
    await spend(donor.user.id, 1500, campaign.id);
    ctx.clock.advance(DAY_MS);
    await settleExpiredCredit(deps, now());
    expect(await automaticDonation(`lot:${lotId}`)).toEqual([]);
    expect(await noticesOf(donor.user.id, 'automatic_donation')).toEqual([]);
  });

  it('two runs at once donate each lot once', async () => {
    const donor = await newSession(ctx.app);
    const first = await credit(donor.user.id, 1000, DAY_MS);
    const second = await credit(donor.user.id, 2000, DAY_MS + MINUTE_MS);
    ctx.clock.advance(DAY_MS + 2 * MINUTE_MS);
    const outcomes = await Promise.all([
      settleExpiredCredit(deps, now()),
      settleExpiredCredit(deps, now()),
      settleExpiredCredit(deps, now()),
    ]);
    expect(outcomes.reduce((sum, o) => sum + o.cents, 0)).toBe(3000);
    expect(outcomes.reduce((sum, o) => sum + o.donations, 0)).toBe(2);
    expect(await automaticDonation(`lot:${first}`)).toHaveLength(1);
    expect(await automaticDonation(`lot:${second}`)).toHaveLength(1);
    expect(await walletAccount(donor.user.id)).toBe(0);
    expect(await noticesOf(donor.user.id, 'automatic_donation')).toHaveLength(2);
  });

  it('a crash after the ledger write leaves nothing half-done; the next run donates the rest once', async () => {
    const donor = await newSession(ctx.app);
    const campaign = await runningCampaign();
    await chooseCause(donor.user.id, campaign.id);
    const first = await credit(donor.user.id, 1000, DAY_MS);
    const second = await credit(donor.user.id, 2000, DAY_MS + MINUTE_MS);
    ctx.clock.advance(DAY_MS + 2 * MINUTE_MS);
    const raisedBefore = await campaignRaised(db(), campaign.id);

    // The second lot's transaction dies right after its ledger group is written.
    const crashing: WalletJobDeps = {
      ...deps,
      afterLedger: (source) => {
        if (source === `lot:${second}`) throw new Error('node died');
      },
    };
    await expect(settleExpiredCredit(crashing, now())).rejects.toThrow('node died');
    expect(await automaticDonation(`lot:${first}`)).toHaveLength(1);
    expect(await automaticDonation(`lot:${second}`)).toEqual([]);
    expect(
      await db()
        .select()
        .from(ledgerGroups)
        .where(eq(ledgerGroups.reference, `automatic_donation:lot:${second}`)),
    ).toEqual([]);
    expect(await walletAccount(donor.user.id)).toBe(2000);
    expect(await campaignRaised(db(), campaign.id)).toBe(raisedBefore + 1000);
    expect(await noticesOf(donor.user.id, 'automatic_donation')).toHaveLength(1);

    // Every lot crashes: nothing at all changes.
    const allCrash: WalletJobDeps = {
      ...deps,
      afterLedger: () => {
        throw new Error('node died');
      },
    };
    await expect(settleExpiredCredit(allCrash, now())).rejects.toThrow('node died');
    expect(await walletAccount(donor.user.id)).toBe(2000);

    expect((await settleExpiredCredit(deps, now())).cents).toBeGreaterThanOrEqual(2000);
    expect(await automaticDonation(`lot:${first}`)).toHaveLength(1);
    expect(await automaticDonation(`lot:${second}`)).toHaveLength(1);
    expect(await walletAccount(donor.user.id)).toBe(0);
    expect(await campaignRaised(db(), campaign.id)).toBe(raisedBefore + 3000);
    expect(await noticesOf(donor.user.id, 'automatic_donation')).toHaveLength(2);
    expect(await settleExpiredCredit(deps, now())).toEqual({ donations: 0, cents: 0 });
  });

  it("an expired gift card never redeemed goes to its buyer's cause, or the general fund without a buyer", async () => {
    const buyer = await newSession(ctx.app);
    const campaign = await runningCampaign();
    await chooseCause(buyer.user.id, campaign.id);
    const cards = await db().transaction(async (tx) => ({
      bought: await issueGiftCard(tx, { valueCents: 5000, expiresAt: new Date(now().getTime() + DAY_MS), buyerUserId: buyer.user.id }),
      anonymous: await issueGiftCard(tx, { valueCents: 3000, expiresAt: new Date(now().getTime() + DAY_MS) }),
      later: await issueGiftCard(tx, { valueCents: 3000, expiresAt: new Date(now().getTime() + 90 * DAY_MS) }),
    }));
    const raisedBefore = await campaignRaised(db(), campaign.id);
    const fundBefore = await accountBalance(db(), { kind: 'general_fund' });
    ctx.clock.advance(DAY_MS);

    await settleExpiredCredit(deps, now());
    const [bought] = await automaticDonation(`gift_card:${cards.bought.id}`);
    expect(bought).toMatchObject({
      userId: buyer.user.id,
      campaignId: campaign.id,
      amountCents: 5000,
      paymentMethod: 'gift_card',
      status: 'confirmed',
    });
    const [anonymous] = await automaticDonation(`gift_card:${cards.anonymous.id}`);
    expect(anonymous).toMatchObject({ userId: null, campaignId: null, amountCents: 3000 });
    expect(await automaticDonation(`gift_card:${cards.later.id}`)).toEqual([]);
    expect(await campaignRaised(db(), campaign.id)).toBe(raisedBefore + 5000);
    expect(await accountBalance(db(), { kind: 'general_fund' })).toBe(fundBefore + 3000);
    expect(await accountBalance(db(), { kind: 'gift_card', giftCardId: cards.bought.id })).toBe(0);
    const [card] = await db().select().from(giftCards).where(eq(giftCards.id, cards.bought.id));
    expect(card?.status).toBe('expired');
    const [notice] = await noticesOf(buyer.user.id, 'automatic_donation');
    expect(notice?.metadata).toMatchObject({ donation_id: bought?.id, amount: 5000, reason: 'chosen', source: 'gift_card' });

    await settleExpiredCredit(deps, now());
    expect(await automaticDonation(`gift_card:${cards.bought.id}`)).toHaveLength(1);
  });
});

describe('notifyExpiringCredit: donors hear in advance', () => {
  it('warns once per lot expiring within 7 days: how much, when and where it goes', async () => {
    const donor = await newSession(ctx.app);
    const userId = donor.user.id;
    const campaign = await runningCampaign();
    await chooseCause(userId, campaign.id);
    const soon = await credit(userId, 2500, 5 * DAY_MS);
    await credit(userId, 1000, 4 * DAY_MS);
    await spend(userId, 1000, campaign.id); // takes the lot expiring first, in full
    const later = await credit(userId, 4000, 10 * DAY_MS);

    await notifyExpiringCredit(deps, now());
    const notices = await noticesOf(userId, 'credit_expiring');
    expect(notices.map((n) => n.metadata.lot_id)).toEqual([soon]);
    expect(notices[0]?.metadata).toMatchObject({
      amount: 2500,
      expires_at: new Date(now().getTime() + 5 * DAY_MS).toISOString(),
      reason: 'chosen',
      campaign: { slug: campaign.slug },
    });
    const [mail] = await outboxTo(db(), donor.user.email);
    expect(mail?.subject).toMatch(/^Seu crédito de R\$ 25,00 vence em \d\d\/\d\d\/\d{4}, \d\d:\d\d$/);
    expect(mail?.text).toContain(`será doado automaticamente para ${campaign.title}`);

    // The next tick tells nobody again.
    await notifyExpiringCredit(deps, now());
    expect(await noticesOf(userId, 'credit_expiring')).toHaveLength(1);

    // Four days later the second lot enters the window and is told once.
    ctx.clock.advance(4 * DAY_MS);
    await notifyExpiringCredit(deps, now());
    await notifyExpiringCredit(deps, now());
    expect((await noticesOf(userId, 'credit_expiring')).map((n) => n.metadata.lot_id).sort()).toEqual([later, soon].sort());
    expect(await outboxTo(db(), donor.user.email)).toHaveLength(2);
  });
});
