import type { Locale } from '../../../contracts/constants';
import type { DonationRequest } from '../../../contracts/donations';
import { errorCodes } from '../../../contracts/errors';
import { messages as m } from '../../../contracts/messages';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens';
import type { Config } from '../../config';
import { ensureDefaultCard } from '../contributions/saved-cards';
import { insertSavedCard } from '../contributions/saved-cards-repository';
import type { Database, Executor } from '../../db/types';
import { notFound, refused, unauthenticated } from '../../domain/errors';
import type { Translator } from '../../i18n/translator';
import type { Clock } from '../clock';
import type { Checkpoint, Completion, StoredResponse } from '../idempotency/idempotency';
import { postLedgerGroup, spendFromWallet, usableGiftCard, WalletInsufficientError } from '../ledger';
import { gatewayMethodOf, type PaymentGateways } from '../payments/gateways';
import { donatableAsFound, donatableCampaign, type DonatableCampaign } from './campaign-access';
import { confirmDonationIn, donationReference, donationTarget, finishConfirmation } from './confirm-donation';
import { donationAnswer } from './donation-answers';
import {
  donationCampaign,
  insertDonationWithPayment,
  loadDonation,
  type DonationRow,
  type DonationWithPayment,
} from './donations-repository';
import { holdProcessingPayment, INTERNAL_GATEWAY, markInternalPaymentSucceeded, type PaymentRow } from './payments-repository';
import { collectPayment, describedNewCard, gatewayCardToken, gatewayOf, resumedCardToken, type GatewayCollection } from './collect-payment';
import type { Admission, CardTestingGuard } from '../payments/card-testing/card-guard';
import { takesCards, withCapability } from '../payments/capabilities';
import type { CardGateway } from '../payments/gateway';
import { payerOfContact, payerOfUser } from '../payments/payer';
import type { Payer } from '../payments/gateway';
import { confirmPayment } from './purchase-settlement';
import { reconcilePayment } from './reconcile';
import { givingMessages as gm } from '../../../contracts/giving-messages';

/** Thrown inside a new card's first transaction when its campaign is guarded: rolled back, nothing written. */
class GuardedCampaign extends Error {
  constructor(
    readonly campaignId: string | null,
    /** A burst seen by this admission: its guard opens now. */
    readonly opening: boolean,
  ) {
    super('card testing guard');
  }
}

/** Seams for fault-injection tests (a crash between the recorded charge and the ledger write). */
export interface DonationHooks {
  beforeConfirm?(paymentId: string): Promise<void> | void;
}

export interface DonationDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'payments' | 'publicUrl'>;
  translator: Translator;
  gateways: PaymentGateways;
  hooks?: DonationHooks;
  log?: { warn(obj: object, msg: string): void };
  /** Card testing cut off (payments/card-testing): new cards only; absent, nothing is counted. */
  cardTesting?: CardTestingGuard;
}

export interface NewDonation {
  request: DonationRequest;
  /** The campaign's slug, or null for the general fund. */
  slug: string | null;
  userId: string | null;
  locale: Locale;
  checkpoint: Checkpoint;
  /** Keeps the answer in the transaction that settles the donation. */
  complete: Completion;
  /** The donor's address, for a card-testing challenge's check at its provider. */
  remoteIp?: string | null;
}

const mustBeSignedIn = () => unauthenticated(errorCodes.tokenMissing, m.mustBeSignedIn);
const reais = (cents: number) => String(cents / 100);

/**
 * A one-time donation (docs/ledger.md, docs/payments.md). Gateway payments go in four steps, two commits,
 * so a crash loses nothing: (1) donation + payment rows with the idempotency claim (commit 1), (2) the
 * gateway call keyed by the payment id, (3) the gateway's answer recorded on the payment and (4) the
 * confirmation with its ledger group, outbox rows and stored answer (commit 2). Gift cards and the
 * wallet move money inside the ledger, so they happen in one transaction.
 */
export function createDonationService(deps: DonationDeps) {
  const { db, clock, gateways } = deps;

  async function create(input: NewDonation): Promise<StoredResponse> {
    const now = clock.now();
    const { request, userId } = input;
    const method = request.payment.method;
    if ((method === 'wallet' || method === 'saved_card') && !userId) throw mustBeSignedIn();
    const receiptToken = newOpaqueToken();
    const campaignOfRequest = (tx: Executor) => (input.slug ? donatableCampaign(tx, input.slug, now) : Promise.resolve(null));
    /** The campaign and a new card's card-testing admission on it, read together. */
    const admissionIn = async (
      tx: Executor,
      guard: CardTestingGuard,
    ): Promise<{ campaign: DonatableCampaign | null; admission: Admission }> => {
      if (!input.slug) return { campaign: null, admission: await guard.admissionIn(tx, null, now) };
      const read = await guard.campaignAdmissionIn(tx, input.slug, now);
      return { campaign: donatableAsFound(read.campaign, now), admission: read.admission };
    };
    const note = (donationId: string) => ({ donation_id: donationId, receipt_token: receiptToken, locale: input.locale });
    // The donation is written with the key's claim (or checkpoint) and the note a retry resumes from.
    const base = (campaign: DonatableCampaign | null) => ({
      request,
      campaignId: campaign?.id ?? null,
      userId,
      receiptTokenHash: hashOpaqueToken(receiptToken),
      locale: input.locale,
      checkpoint: input.checkpoint,
      note,
    });
    /**
     * The answer, read and kept in the transaction that settles the donation: it commits with it. A
     * donation confirmed in that transaction is answered from the rows it just wrote (`confirmed`),
     * which are what reading them again would give: one statement less (issue 26).
     */
    const answerIn = async (tx: Executor, donationId: string, confirmed: DonationWithPayment | null = null) => {
      const response = confirmed
        ? await donationAnswer(confirmed, receiptToken, deps.translator, input.locale)
        : await answer(donationId, receiptToken, input.locale, tx);
      await input.complete(tx, response);
      return response;
    };

    if (method === 'gift_card' || method === 'wallet') {
      return db.transaction(async (tx) => {
        const campaign = await campaignOfRequest(tx);
        const { donation, payment } = await insertDonationWithPayment(tx, { ...base(campaign), gateway: INTERNAL_GATEWAY, now });
        if (request.payment.method === 'gift_card') await payWithGiftCard(tx, donation, request.payment.code, now);
        else await payWithWallet(tx, donation, now);
        await markInternalPaymentSucceeded(tx, payment.id, now);
        await finishConfirmation(tx, deps, donation, now, input.locale, { campaign });
        return answerIn(tx, donation.id);
      });
    }

    const newCard = method === 'card' ? await describedNewCard(deps, request.payment.card_token) : null;
    const cardToken = newCard ? newCard.token : await gatewayCardToken(deps, request.payment, userId);
    const guard = newCard ? (deps.cardTesting ?? null) : null;
    // Commit 1: the campaign checked, a new card admitted by its card-testing guard, the donation and its payment written, the key claimed.
    const commitOne = (admitted: boolean) =>
      db.transaction(async (tx) => {
        const { campaign, admission } =
          guard && !admitted ? await admissionIn(tx, guard) : { campaign: await campaignOfRequest(tx), admission: 'open' };
        if (admission !== 'open') throw new GuardedCampaign(campaign?.id ?? null, admission === 'burst');
        const gateway = gateways.for(gatewayMethodOf(method)).name;
        const created = await insertDonationWithPayment(tx, { ...base(campaign), gateway, now });
        return { ...created, campaign };
      });
    const { donation, payment, campaign } = await commitOne(false).catch(async (error: unknown) => {
      // A guarded campaign: nothing was written; the challenge (or the slow lane) decides, then the same commit.
      if (!(error instanceof GuardedCampaign) || !guard || request.payment.method !== 'card') throw error;
      await guard.admitGuarded({
        campaignId: error.campaignId,
        opening: error.opening,
        challengeToken: request.payment.challenge_token,
        remoteIp: input.remoteIp ?? null,
      });
      return commitOne(true);
    });
    // Commit 2 (in pay): the gateway's answer, the ledger group with its outbox rows, and this answer.
    const answered: { response?: StoredResponse } = {};
    const payer = payerOfContact(donation.contact);
    const onDeclined =
      guard && newCard
        ? (tx: Executor) =>
            guard.recordDeclineIn(
              tx,
              { campaignId: campaign?.id ?? null, fingerprint: guard.fingerprintOf(newCard.card, newCard.provider) },
              clock.now(),
            )
        : undefined;
    await pay(payment, { request, userId, cardToken, campaign, locale: input.locale, payer, onDeclined }, async (tx, confirmed) => {
      answered.response = await answerIn(tx, donation.id, confirmed);
    });
    return answered.response ?? answer(donation.id, receiptToken, input.locale);
  }

  /**
   * Steps 2-4 for a payment written in step 1: the gateway call keyed by the payment id (sent again
   * after a crash, it is the same charge, PIX or order), then in one transaction its answer recorded,
   * a paid one confirmed with its ledger group and outbox rows, and `alsoInCommit` (the stored answer).
   * A crash before that commit leaves the payment 'processing': reconciliation looks it up and settles it.
   */
  async function pay(
    payment: PaymentRow,
    input: {
      request: DonationRequest;
      userId: string | null;
      cardToken: string | null;
      campaign: DonatableCampaign | null;
      locale: Locale;
      payer?: Payer | null;
      /** A new card the gateway declined: counted for card testing in the commit that records it. */
      onDeclined?: (tx: Executor) => Promise<void>;
    },
    alsoInCommit?: (tx: Executor, confirmed: DonationWithPayment | null) => Promise<void>,
  ): Promise<PaymentRow | null> {
    const { request, userId, cardToken, campaign } = input;
    const description = campaign ? `Doação para ${campaign.title}` : 'Doação ao fundo geral do Semear';
    const collection: GatewayCollection =
      cardToken !== null
        ? { kind: 'card', cardToken }
        : request.payment.method === 'pix'
          ? { kind: 'pix' }
          : { kind: 'paypal', ...paypalUrls(campaign, payment.amountCents, payment.donationId as string) };
    const recorded = await collectPayment(deps, payment, collection, description, {
      payer: input.payer,
      afterCharge: () => deps.hooks?.beforeConfirm?.(payment.id),
      inSameCommit: async (tx, moved) => {
        // The donation, its payment and campaign as this transaction leaves them, when it confirms it.
        let confirmed: DonationWithPayment | null = null;
        if (moved?.status === 'succeeded') {
          const named = campaign ? { slug: campaign.slug, title: campaign.title } : null;
          await confirmDonationIn(tx, deps, moved, {
            locale: input.locale,
            campaign,
            onConfirmed: (donation) => {
              confirmed = { donation, payment: moved, campaign: named };
            },
          });
        }
        if (moved?.status === 'failed') await input.onDeclined?.(tx);
        await alsoInCommit?.(tx, confirmed);
      },
    });
    if (recorded?.status === 'succeeded' && cardToken !== null && request.payment.method === 'card' && request.payment.save_card && userId)
      await saveCard(withCapability(gatewayOf(gateways, payment), takesCards, 'cards'), cardToken, userId);
    return recorded;
  }

  /** Paths on this site: the donor comes back to the thank-you page, or to the checkout with the error. */
  function paypalUrls(campaign: DonatableCampaign | null, amountCents: number, donationId: string) {
    return {
      // The thank-you page reads the donation itself (never an amount from the URL) and offers to share its campaign.
      returnUrl: `/doacao-confirmacao/agradecimento?donation=${donationId}${campaign ? `&campaign=${campaign.slug}` : ''}`,
      cancelUrl: campaign
        ? `/${campaign.slug}/donate?amount=${reais(amountCents)}&error=paypal_cancelled`
        : '/doacao-pix?error=paypal_cancelled',
    };
  }

  async function payWithGiftCard(tx: Executor, donation: DonationRow, code: string, now: Date): Promise<void> {
    const usable = await usableGiftCard(tx, code, now, { lock: true });
    if (!usable) throw notFound(errorCodes.giftCardNotFound, gm.giftCardNotFound);
    if (usable.balanceCents < donation.amountCents) throw refused(errorCodes.giftCardInsufficient, gm.giftCardInsufficient);
    await postLedgerGroup(tx, {
      kind: 'donation',
      reference: donationReference(donation.id),
      description: `gift card ${usable.card.id}`,
      lines: [
        { account: { kind: 'gift_card', giftCardId: usable.card.id }, amountCents: -donation.amountCents },
        { account: donationTarget(donation), amountCents: donation.amountCents },
      ],
    });
  }

  async function payWithWallet(tx: Executor, donation: DonationRow, now: Date): Promise<void> {
    try {
      await spendFromWallet(tx, {
        userId: donation.userId as string,
        amountCents: donation.amountCents,
        to: donationTarget(donation),
        reference: donationReference(donation.id),
        now,
      });
    } catch (error) {
      if (error instanceof WalletInsufficientError) throw refused(errorCodes.walletInsufficient, gm.walletInsufficient);
      throw error;
    }
  }

  /** Keeps the card for the donor after a successful charge; the donation stands even if this fails. */
  async function saveCard(gateway: CardGateway, cardToken: string, userId: string): Promise<void> {
    try {
      const saved = await gateway.saveCard({ cardToken, customerRef: userId, payer: await payerOfUser(db, userId) });
      await insertSavedCard(db, {
        userId,
        gateway: gateway.name,
        gatewayToken: saved.token,
        brand: saved.brand,
        last4: saved.last4,
        expMonth: saved.expMonth,
        expYear: saved.expYear,
        holderName: saved.holderName,
      });
      // The donor's first card becomes the default one (contributions/saved-cards.ts).
      await ensureDefaultCard(db, userId);
    } catch (error) {
      deps.log?.warn({ err: error }, 'card not saved after a successful donation');
    }
  }

  async function answer(donationId: string, receiptToken: string, locale: Locale, executor: Executor = db): Promise<StoredResponse> {
    const found = await loadDonation(executor, donationId);
    if (!found) throw new Error(`donation ${donationId} vanished`);
    return donationAnswer(found, receiptToken, deps.translator, locale);
  }

  /**
   * A retry of a request that failed (or whose process died) after its donation was written: finish
   * it, then answer as the first would have. A payment still 'processing' never got its gateway
   * answer recorded: with the request at hand the gateway call is made again under the same key
   * (the gateway answers the charge it already made, or makes it now); without it, it is reconciled.
   */
  async function resume(
    note: Record<string, unknown>,
    retry?: { request: DonationRequest; userId: string | null },
  ): Promise<StoredResponse> {
    const donationId = String(note.donation_id);
    const locale = (note.locale as Locale | undefined) ?? 'pt';
    const found = await loadDonation(db, donationId);
    if (!found) throw new Error(`donation ${donationId} vanished`);
    const { payment } = found;
    // Touching the payment keeps reconciliation from failing it as never sent while we send it.
    const held =
      retry && payment.status === 'processing' && gateways.named(payment.gateway)
        ? await holdProcessingPayment(db, payment.id, clock.now())
        : null;
    const cardToken = retry ? await resumedCardToken(db, retry.request.payment, retry.userId) : null;
    const payable = retry && (cardToken !== null || retry.request.payment.method === 'pix' || retry.request.payment.method === 'paypal');
    if (held && retry && payable) await pay(held, { ...retry, locale, cardToken, campaign: await campaignOf(found.donation.campaignId) });
    else await settle((await loadDonation(db, donationId))?.payment ?? payment, locale);
    return answer(donationId, String(note.receipt_token), locale);
  }

  async function campaignOf(campaignId: string | null): Promise<DonatableCampaign | null> {
    return campaignId ? donationCampaign(db, campaignId) : null;
  }

  /** Brings an open payment up to date with the gateway and confirms it when paid. */
  async function settle(payment: PaymentRow, locale: Locale): Promise<void> {
    if (payment.status === 'processing') await reconcilePayment(deps, payment, { locale });
    else if (payment.status === 'succeeded') await confirmPayment(deps, payment.id, { locale });
  }

  return { create, resume };
}

export type DonationService = ReturnType<typeof createDonationService>;
