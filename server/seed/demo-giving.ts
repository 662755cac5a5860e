import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashOpaqueToken } from '../auth/opaque-tokens';
import { donations, giftCards, payments, type DonationContactRecord } from '../db/schema';
import type { Executor } from '../db/types';
import { creditWallet, issueGiftCard, postLedgerGroup } from '../services/ledger';
import { createNotification } from '../services/notifications/create-notification';
import { AMOUNTS_CENTS, DEMO_DONOR_GIFT, DONORS, OPEN_ENDED_RAISED_CENTS, PROGRESS, SPONSORS, type DemoDonor } from './demo-donors';
import type { DemoPaid, DemoPaymentMethod, DemoPayments } from './demo-payments';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo gift card the README lists: R$ 100,00 to give with on any campaign. */
export const DEMO_GIFT_CARD_CODE = '6f1c2a9e-3b7d-4c8e-9a1f-2d5e7b8c9a10';
export const DEMO_GIFT_CARD_VALUE_CENTS = 10_000;
/** A second demo card, R$ 50,00, to try "Resgatar gift card" on /profile/wallet (its credit keeps the card's expiry). */
export const DEMO_REDEEMABLE_GIFT_CARD_CODE = '0b7e4d2c-8a1f-4e6b-9c3d-5f2a7e9b1c48';
export const DEMO_REDEEMABLE_GIFT_CARD_VALUE_CENTS = 5_000;

/** A demo campaign as the giving plan needs it; the first one is pushed past its goal when it has one. */
export interface DemoGivingCampaign {
  goalCents?: number | null;
  startedDaysAgo?: number;
}

/** One demo gift, planned before anything is written: its payment id is the key the gateway is paid with. */
export interface DemoGift {
  paymentId: string;
  /** Index of the campaign in the plan's list. */
  campaign: number;
  amountCents: number;
  method: DemoPaymentMethod;
  donor: DemoDonor;
  at: Date;
  /** The demo donor account's own gift. */
  mine: boolean;
  company: boolean;
}

/**
 * The demo gifts of each campaign (some anonymous, some with messages, sponsors bringing each campaign
 * to where its story says it is, the first past its goal) and the demo donor's own gift, a third by PIX.
 */
export function planDemoGifts(campaigns: readonly DemoGivingCampaign[], now: Date): DemoGift[] {
  const gifts: DemoGift[] = [];
  const plan = (campaign: number, amountCents: number, donor: DemoDonor, daysAgo: number, extra: Partial<DemoGift> = {}) => {
    const n = gifts.length;
    gifts.push({
      paymentId: randomUUID(),
      campaign,
      amountCents,
      // The demo's PIX and card gifts, as the finances page splits them.
      method: (n + 1) % 3 === 0 ? 'pix' : 'card',
      donor,
      at: new Date(now.getTime() - daysAgo * DAY_MS - (n % 24) * 3_600_000),
      mine: false,
      company: false,
      ...extra,
    });
  };
  for (const [i, campaign] of campaigns.entries()) {
    const target = campaign.goalCents
      ? Math.round(campaign.goalCents * (PROGRESS[i % PROGRESS.length] as number))
      : OPEN_ENDED_RAISED_CENTS;
    let raised = 0;
    const count = 8 + (i % 5);
    // Gifts fall on the days since the campaign started (at most the last 40).
    const span = Math.min(40, Math.max(1, (campaign.startedDaysAgo ?? 40) - 1));
    for (let k = 0; k < count; k++) {
      const amount = AMOUNTS_CENTS[(i * 5 + k) % AMOUNTS_CENTS.length] as number;
      plan(i, amount, DONORS[(i * 3 + k) % DONORS.length]!, 1 + ((k * 3 + i) % span));
      raised += amount;
    }
    // Sponsors bring the campaign to where its story says it is.
    if (target > raised) plan(i, target - raised, SPONSORS[i % SPONSORS.length]!, Math.min(5 + i, span), { company: true });
  }
  if (campaigns.length > 0) plan(0, 5_000, DEMO_DONOR_GIFT, 4, { mine: true });
  return gifts;
}

/**
 * Pays every planned gift at the payment gateway, for real (docs/ledger.md, "Demo data"): the demo's
 * donations are then the gateway's payments too, and refund like any other. Runs before the seed's
 * transaction (the gateway is an outside service, never called inside one).
 */
export async function payDemoGifts(gifts: readonly DemoGift[], payments: DemoPayments): Promise<Map<string, DemoPaid>> {
  const paid = new Map<string, DemoPaid>();
  for (const gift of gifts) {
    paid.set(
      gift.paymentId,
      await payments.pay({
        paymentId: gift.paymentId,
        method: gift.method,
        amountCents: gift.amountCents,
        holderName: gift.donor.name,
        description: 'Semear demo',
      }),
    );
  }
  return paid;
}

export interface DemoGivingInput {
  now: Date;
  users: { donorId: string };
  /** The demo campaigns, in the order the plan was made for. */
  campaigns: ReadonlyArray<{ id: string; slug: string; title: string } | null>;
  gifts: readonly DemoGift[];
  /** What the gateway answered for each gift's payment (payDemoGifts). */
  paid: ReadonlyMap<string, DemoPaid>;
}

/**
 * Giving demo data, all through the ledger so every total is a sum of entries: the planned gifts as
 * confirmed donations whose payments the gateway knows (payDemoGifts), the demo donor's notification,
 * the demo donor's wallet (R$ 40,00 of monthly credit expiring in 20 days and R$ 60,00 from a gift card
 * expiring in 5 months) and the demo gift card codes.
 */
export async function seedDemoGiving(tx: Executor, input: DemoGivingInput): Promise<void> {
  const { now } = input;
  for (const gift of input.gifts) {
    const campaign = input.campaigns[gift.campaign];
    const paid = input.paid.get(gift.paymentId);
    if (!campaign || !paid) continue;
    const donation = await writeGift(tx, campaign.id, gift, paid, gift.mine ? input.users.donorId : null);
    if (gift.mine) {
      await createNotification(tx, {
        userId: input.users.donorId,
        type: 'donations',
        metadata: { donation_id: donation.id, amount: gift.amountCents, campaign: { slug: campaign.slug, title: campaign.title } },
        now: gift.at,
      });
    }
  }

  const donorId = input.users.donorId;
  await creditWallet(tx, {
    userId: donorId,
    amountCents: 4_000,
    origin: 'monthly_credit',
    expiresAt: new Date(now.getTime() + 20 * DAY_MS),
    from: { kind: 'gateway_clearing', gateway: 'sandbox' },
    reference: `demo-wallet-monthly:${donorId}`,
  });
  const redeemed = await issueGiftCard(tx, {
    valueCents: 6_000,
    buyerUserId: null,
    expiresAt: new Date(now.getTime() + 150 * DAY_MS),
    now,
  });
  await creditWallet(tx, {
    userId: donorId,
    amountCents: 6_000,
    origin: 'gift_card',
    sourceRef: redeemed.id,
    expiresAt: redeemed.expiresAt,
    from: { kind: 'gift_card', giftCardId: redeemed.id },
    reference: `gift_card_redemption:${redeemed.id}`,
    kind: 'gift_card_redemption',
  });
  await tx.update(giftCards).set({ status: 'redeemed' }).where(eq(giftCards.id, redeemed.id));
  await issueGiftCard(tx, {
    code: DEMO_GIFT_CARD_CODE,
    valueCents: DEMO_GIFT_CARD_VALUE_CENTS,
    expiresAt: new Date(now.getTime() + 180 * DAY_MS),
    now,
  });
  await issueGiftCard(tx, {
    code: DEMO_REDEEMABLE_GIFT_CARD_CODE,
    valueCents: DEMO_REDEEMABLE_GIFT_CARD_VALUE_CENTS,
    expiresAt: new Date(now.getTime() + 180 * DAY_MS),
    now,
  });
}

/** The contact a demo donor gave: a person with CPF, or a sponsor company with CNPJ. */
function contactOf(donor: DemoDonor, company: boolean): DonationContactRecord {
  return company
    ? {
        is_company: true,
        foreigner: false,
        name: donor.name,
        corporate_name: donor.name,
        contact_name: 'Marina Duarte',
        email: donor.email,
        cpf: null,
        cnpj: '11222333000181',
        telephone: '1133334444',
      }
    : {
        is_company: false,
        foreigner: false,
        name: donor.name,
        corporate_name: null,
        contact_name: null,
        email: donor.email,
        cpf: donor.cpf,
        cnpj: null,
        telephone: '11987654321',
      };
}

/** One gift as a confirmed donation, its payment (the gateway's reference) and its ledger group. */
async function writeGift(tx: Executor, campaignId: string, gift: DemoGift, paid: DemoPaid, userId: string | null) {
  const { at, amountCents, donor } = gift;
  const [donation] = await tx
    .insert(donations)
    .values({
      campaignId,
      userId,
      amountCents,
      status: 'confirmed',
      paymentMethod: gift.method,
      isAnonymous: donor.anonymous,
      message: donor.message,
      contact: contactOf(donor, gift.company),
      receiptTokenHash: hashOpaqueToken(randomBytes(32).toString('base64url')),
      createdAt: at,
      updatedAt: at,
      confirmedAt: at,
    })
    .returning();
  await tx.insert(payments).values({
    id: gift.paymentId,
    donationId: donation!.id,
    gateway: paid.gateway,
    method: gift.method,
    status: 'succeeded',
    amountCents,
    gatewayRef: paid.gatewayRef,
    cardBrand: paid.cardBrand,
    cardLast4: paid.cardLast4,
    attempts: 1,
    createdAt: at,
    updatedAt: at,
  });
  await postLedgerGroup(tx, {
    kind: 'donation',
    reference: `donation:${donation!.id}`,
    description: 'demo',
    // On the donation's day, so the finances page shows the demo's weeks of giving, not one day.
    at,
    lines: [
      { account: { kind: 'gateway_clearing', gateway: paid.gateway }, amountCents: -amountCents },
      { account: { kind: 'campaign', campaignId }, amountCents },
    ],
  });
  return donation!;
}
