import { count, eq, like, or } from 'drizzle-orm';
import { donations, giftCardOrders } from '../../db/schema';
import type { Executor } from '../../db/types';
import { enqueueMail } from '../mail/mail-outbox';
import { expiredGiftCardsWithMoneyLeft, lockGiftCard, setGiftCardStatus } from '../gift-cards/gift-cards-repository';
import { accountBalance, postLedgerGroup, type AccountRef } from '../ledger';
import { notifyDonor } from '../notifications/create-notification';
import { autoDonationCauseOf, type AutoDonationCause } from './auto-donation-cause';
import { insertAutomaticDonation, type DonationRow } from '../donations/donations-repository';
import { donorProfile, type DonorProfile } from './donor-profile';
import { expiredLotsWithMoneyLeft, lockLot, lotSource } from './wallet-repository';
import { automaticDonationMail } from './wallet-mail';
import { walletPageUrl, type WalletJobDeps } from './wallet-job-deps';

export type { WalletJobDeps } from './wallet-job-deps';

const causeTarget = (cause: AutoDonationCause): AccountRef =>
  cause.campaign ? { kind: 'campaign', campaignId: cause.campaign.id } : { kind: 'general_fund' };
export const automaticDonationReference = (source: string): string => `automatic_donation:${source}`;
export const giftCardSource = (giftCardId: string): string => `gift_card:${giftCardId}`;

/**
 * The automatic source of a card's n-th expiry: `gift_card:<id>` the first time, `gift_card:<id>:<n>`
 * after a refund gave an expired card money back (it expires again later). Read under the card's lock.
 */
async function giftCardExpirySource(tx: Executor, giftCardId: string): Promise<string> {
  const first = giftCardSource(giftCardId);
  const [row] = await tx
    .select({ n: count() })
    .from(donations)
    .where(or(eq(donations.automaticSource, first), like(donations.automaticSource, `${first}:%`)));
  const earlier = Number(row?.n ?? 0);
  return earlier === 0 ? first : `${first}:${earlier + 1}`;
}

/** The in-app notice and the e-mail of an automatic donation, in the settling transaction (deduplicated). */
async function tellDonor(
  tx: Executor,
  deps: WalletJobDeps,
  input: {
    donor: DonorProfile;
    donation: DonationRow;
    cause: AutoDonationCause;
    source: string;
    kind: 'lot' | 'gift_card';
    expiredAt: Date;
    now: Date;
  },
): Promise<void> {
  const { donor, donation, cause } = input;
  const campaign = cause.campaign ? { slug: cause.campaign.slug, title: cause.campaign.title } : null;
  await notifyDonor(tx, {
    userId: donor.userId,
    type: 'automatic_donation',
    metadata: {
      donation_id: donation.id,
      amount: donation.amountCents,
      campaign,
      reason: cause.reason,
      source: input.kind,
      expired_at: input.expiredAt.toISOString(),
    },
    now: input.now,
    dedupeKey: automaticDonationReference(input.source),
    email: automaticDonationMail(deps.translator, donor.locale, {
      to: donor.email,
      name: donor.name,
      amountCents: donation.amountCents,
      date: input.expiredAt,
      cause,
      walletUrl: walletPageUrl(deps.config),
      source: input.kind,
    }),
  });
}

/**
 * Donates what is left on one expired lot, all in one transaction: the donation, its ledger group
 * (donor wallet → cause) and the donor's notice. The lot is locked first, so a spend or another run
 * of the job finishes before this one reads what is left; the unique automatic source makes a
 * second run write nothing. Resolves to the cents donated (0 when there was nothing to do).
 */
async function settleLot(deps: WalletJobDeps, lotId: string, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const lot = await lockLot(tx, lotId);
    if (!lot || lot.expiresAt.getTime() > now.getTime() || lot.remainingCents <= 0) return 0;
    const source = lotSource(lot.id);
    const donor = await donorProfile(tx, lot.userId);
    if (!donor) throw new Error(`wallet lot ${lot.id} belongs to no user`);
    const cause = await autoDonationCauseOf(tx, lot.userId, now);
    const donation = await insertAutomaticDonation(tx, {
      automaticSource: source,
      userId: lot.userId,
      campaignId: cause.campaign?.id ?? null,
      amountCents: lot.remainingCents,
      method: 'wallet',
      contact: donor.contact,
      locale: donor.locale,
      now,
    });
    if (!donation) return 0;
    await postLedgerGroup(tx, {
      kind: 'automatic_donation',
      reference: automaticDonationReference(source),
      description: `donation ${donation.id}`,
      lines: [
        { account: { kind: 'donor_wallet', userId: lot.userId }, amountCents: -lot.remainingCents, lotId: lot.id },
        { account: causeTarget(cause), amountCents: lot.remainingCents },
      ],
    });
    await deps.afterLedger?.(source);
    await tellDonor(tx, deps, { donor, donation, cause, source, kind: 'lot', expiredAt: lot.expiresAt, now });
    return lot.remainingCents;
  });
}

/**
 * docs/design.md §8: an expired gift card's leftover goes to the cause of whoever holds it — its buyer,
 * when signed in — or the general fund; the card becomes 'expired'. Same guarantees as a lot. A card
 * a refund gave money back (docs/gift-cards.md) expires again at its new date, under a source of its own.
 */
async function settleGiftCard(deps: WalletJobDeps, giftCardId: string, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const card = await lockGiftCard(tx, giftCardId);
    if (!card || card.status !== 'active' || card.expiresAt.getTime() > now.getTime()) return 0;
    const leftCents = await accountBalance(tx, { kind: 'gift_card', giftCardId: card.id });
    if (leftCents <= 0) return 0;
    const source = await giftCardExpirySource(tx, card.id);
    const buyer = card.buyerUserId ? await donorProfile(tx, card.buyerUserId) : null;
    const cause: AutoDonationCause = buyer ? await autoDonationCauseOf(tx, buyer.userId, now) : { campaign: null, reason: 'general_fund' };
    const contact = buyer?.contact ?? {
      is_company: false,
      foreigner: false,
      name: card.recipientName ?? '',
      corporate_name: null,
      contact_name: null,
      email: card.recipientEmail ?? '',
      cpf: null,
      cnpj: null,
      telephone: '',
    };
    const donation = await insertAutomaticDonation(tx, {
      automaticSource: source,
      userId: buyer?.userId ?? null,
      campaignId: cause.campaign?.id ?? null,
      amountCents: leftCents,
      method: 'gift_card',
      contact,
      locale: buyer?.locale ?? 'pt',
      now,
    });
    if (!donation) return 0;
    await postLedgerGroup(tx, {
      kind: 'gift_card_expiry',
      reference: automaticDonationReference(source),
      description: `donation ${donation.id}`,
      lines: [
        { account: { kind: 'gift_card', giftCardId: card.id }, amountCents: -leftCents },
        { account: causeTarget(cause), amountCents: leftCents },
      ],
    });
    await deps.afterLedger?.(source);
    await setGiftCardStatus(tx, card.id, 'expired');
    if (buyer) await tellDonor(tx, deps, { donor: buyer, donation, cause, source, kind: 'gift_card', expiredAt: card.expiresAt, now });
    else await tellGuestBuyer(tx, deps, { orderId: card.orderId, amountCents: leftCents, cause, expiredAt: card.expiresAt, now });
    return leftCents;
  });
}

/** A card bought without an account: its order's contact gets the receipt of what expiry donated, and where. */
async function tellGuestBuyer(
  tx: Executor,
  deps: WalletJobDeps,
  input: { orderId: string | null; amountCents: number; cause: AutoDonationCause; expiredAt: Date; now: Date },
): Promise<void> {
  if (!input.orderId) return;
  const [order] = await tx.select().from(giftCardOrders).where(eq(giftCardOrders.id, input.orderId));
  if (!order) return;
  const mail = automaticDonationMail(deps.translator, order.locale, {
    to: order.contact.email,
    name: order.contact.is_company ? (order.contact.contact_name ?? order.contact.name) : order.contact.name,
    amountCents: input.amountCents,
    date: input.expiredAt,
    cause: input.cause,
    walletUrl: walletPageUrl(deps.config),
    source: 'gift_card',
  });
  await enqueueMail(tx, mail, input.now);
}

/**
 * The scheduled job of docs/design.md §6 (run every minute): every wallet lot and gift card that expired
 * with money left is donated, each exactly once even when runs overlap or one dies halfway (each
 * item is its own transaction; what a failed run left is found again by the next). One item's
 * failure does not hold the others back; it is rethrown at the end so the job logs it.
 */
export async function settleExpiredCredit(deps: WalletJobDeps, now: Date): Promise<{ donations: number; cents: number }> {
  const outcome = { donations: 0, cents: 0 };
  const failures: unknown[] = [];
  const settle = async (work: () => Promise<number>) => {
    try {
      const cents = await work();
      if (cents > 0) {
        outcome.donations += 1;
        outcome.cents += cents;
      }
    } catch (error) {
      failures.push(error);
    }
  };
  for (const lot of await expiredLotsWithMoneyLeft(deps.db, now)) await settle(() => settleLot(deps, lot.id, now));
  for (const cardId of await expiredGiftCardsWithMoneyLeft(deps.db, now)) await settle(() => settleGiftCard(deps, cardId, now));
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1)
    throw new AggregateError(failures, `${failures.length} expired credits were not donated; the next run retries them`);
  return outcome;
}
