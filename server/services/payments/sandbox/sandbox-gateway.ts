import { and, eq, gt } from 'drizzle-orm';
import { cardBrand, parseCardExpiry, type CardBrand, type CardInput, type CardToken } from '../../../../contracts/cards';
import { errorCodes } from '../../../../contracts/errors';
import { givingMessages as gm } from '../../../../contracts/giving-messages';
import { safeReturnPath } from '../../../../contracts/routes';
import { sandboxCardTokens, sandboxPayments, type SandboxPaymentStatus } from '../../../db/schema/sandbox-gateway';
import { chargeCardOnce, findCardToken } from './card-statements';
import type { Database } from '../../../db/types';
import { invalid } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type {
  CardChargeResult,
  CardFailureCode,
  CardPayments,
  GatewayCore,
  GatewayPaymentState,
  PaymentGateway,
  PixCharge,
  PixPayments,
  RedirectPayments,
  SavedCardToken,
} from '../gateway';
import { readingOf } from '../gateway';
import { buildPixBrCode, newPixTxid } from '../pix/br-code';
import { pixQrImage } from '../pix/qr-image';
import { verifyWebhook } from './webhook-signature';
import { paypalOrderId, sandboxId } from './ids';
import { outcomeOfCard } from './test-cards';
import { createSandboxRefunds } from './sandbox-refunds';
import { createWebhookOutbox, type DeliverWebhook, type Scheduler } from './webhook-outbox';

export const SANDBOX = 'sandbox';

/** Where the sandbox's own pages and endpoints live (outside /api/v1: they are "the provider"). */
export const SANDBOX_GATEWAY_PREFIX = '/sandbox-gateway';
/** A browser token is good for one charge within this time, like a real provider's. */
export const ONE_TIME_TOKEN_TTL_MS = 15 * 60 * 1000;

export interface SandboxGatewayDeps {
  db: Database;
  clock: Clock;
  webhookSecret: string;
  pix: { key: string; merchantName: string; merchantCity: string };
  deliverWebhook: DeliverWebhook;
  scheduler?: Scheduler;
  retryDelaysMs?: readonly number[];
  onError?: (error: unknown) => void;
}

/** A token the gateway does not know, that expired or was already used; saveCard throws it. */
export class CardTokenInvalidError extends Error {
  override name = 'CardTokenInvalidError';
  readonly code = 'card.token_invalid';
}

export type SandboxPayment = typeof sandboxPayments.$inferSelect;

/** Every capability but Pix Automático, plus what the sandbox's own pages and tests do with it. */
export interface SandboxGateway extends GatewayCore, CardPayments, PixPayments, RedirectPayments {
  readonly name: typeof SANDBOX;
  /** The tokenisation endpoint's work: card already validated with cardInputSchema (digits only). */
  tokenizeCard(card: Required<Pick<CardInput, 'card_number' | 'exp_date' | 'holder_name'>>): Promise<CardToken>;
  /** A payment by its gateway reference (an unpaid PIX past its expiry reads as expired). */
  findPayment(gatewayRef: string, kind: SandboxPayment['kind']): Promise<SandboxPayment | null>;
  /** Pays a pending PIX charge as the donor's bank would; an expired one stays unpaid. */
  simulatePixPayment(txid: string): Promise<SandboxPayment | null>;
  approvePaypalOrder(orderId: string): Promise<SandboxPayment | null>;
  cancelPaypalOrder(orderId: string): Promise<SandboxPayment | null>;
  /** Redelivers webhooks whose retry is due (called by the retry timers; tests call it by hand). */
  deliverDueWebhooks(): Promise<number>;
  /** Cancels pending retry timers (the app's onClose). */
  stop(): void;
}

function assertAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new Error(`amountCents must be a positive whole number of cents, got ${amountCents}`);
}

/** A key reused for a different request is a bug on our side (keys are payment ids), not a donor's mistake. */
function sameRequest(payment: SandboxPayment, kind: SandboxPayment['kind'], amountCents: number): SandboxPayment {
  if (payment.kind !== kind || payment.amountCents !== amountCents) {
    throw new Error(`Idempotency key ${payment.idempotencyKey} was first used for a ${payment.kind} of ${payment.amountCents} cents`);
  }
  return payment;
}

function cardResult(payment: SandboxPayment): CardChargeResult {
  const brand = payment.brand as CardBrand | null;
  if (payment.status === 'failed') {
    return { status: 'failed', gatewayRef: payment.id, failureCode: payment.failureCode as CardFailureCode, brand, last4: payment.last4 };
  }
  // A refunded charge did succeed: the replay of the charge call answers what the charge answered.
  return { status: 'succeeded', gatewayRef: payment.id, brand: brand as CardBrand, last4: payment.last4 as string };
}

const savedToken = (token: typeof sandboxCardTokens.$inferSelect): SavedCardToken => ({
  token: token.token,
  brand: token.brand as CardBrand,
  last4: token.last4,
  expMonth: token.expMonth,
  expYear: token.expYear,
  holderName: token.holderName,
  bin: token.bin,
});

export function createSandboxGateway(deps: SandboxGatewayDeps): SandboxGateway {
  const { db, clock } = deps;
  const outbox = createWebhookOutbox({
    db,
    clock,
    secret: deps.webhookSecret,
    deliver: deps.deliverWebhook,
    scheduler: deps.scheduler,
    retryDelaysMs: deps.retryDelaysMs,
    onError: deps.onError,
  });

  const findByKey = async (idempotencyKey: string): Promise<SandboxPayment | null> =>
    (await db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, idempotencyKey)))[0] ?? null;

  async function readPayment(gatewayRef: string, kind: SandboxPayment['kind']): Promise<SandboxPayment | null> {
    const [payment] = await db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.id, gatewayRef), eq(sandboxPayments.kind, kind)));
    return payment ?? null;
  }

  /** Inserts a new payment unless the key exists; either way answers the payment recorded for the key. */
  async function insertOnce(values: typeof sandboxPayments.$inferInsert): Promise<SandboxPayment> {
    const [created] = await db
      .insert(sandboxPayments)
      .values(values)
      .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
      .returning();
    return created ?? sameRequest((await findByKey(values.idempotencyKey)) as SandboxPayment, values.kind, values.amountCents);
  }

  /**
   * Moves a payment out of `pending` once, whatever races it; the request that made the move
   * announces it. Answers the payment as it now stands.
   */
  async function settle(
    payment: SandboxPayment,
    status: SandboxPaymentStatus,
    when: 'now' | 'later',
    failureCode: CardFailureCode | null = null,
  ): Promise<SandboxPayment> {
    const [moved] = await db
      .update(sandboxPayments)
      .set({ status, failureCode, completedAt: clock.now() })
      .where(and(eq(sandboxPayments.id, payment.id), eq(sandboxPayments.status, 'pending')))
      .returning();
    if (!moved) return (await readPayment(payment.id, payment.kind)) as SandboxPayment;
    const type = status === 'succeeded' ? 'payment.succeeded' : status === 'expired' ? 'payment.expired' : 'payment.failed';
    await outbox.announce(moved, type, when);
    return moved;
  }

  /** A PIX charge left unpaid past its expiry is expired from then on (announced once). */
  async function expireIfDue(payment: SandboxPayment, when: 'now' | 'later'): Promise<SandboxPayment> {
    if (payment.kind !== 'pix' || payment.status !== 'pending' || !payment.expiresAt || clock.now() < payment.expiresAt) return payment;
    return settle(payment, 'expired', when);
  }

  return {
    name: SANDBOX,

    async tokenizeCard(card) {
      const expiry = parseCardExpiry(card.exp_date);
      if (!expiry) throw new Error('tokenizeCard needs a card validated with cardInputSchema');
      // cardInputSchema takes any number passing Luhn; the sandbox, like a provider, takes only the brands it knows.
      const brand = cardBrand(card.card_number);
      if (!brand) throw invalid(errorCodes.cardNotAccepted, gm.cardNotAccepted);
      const [token] = await db
        .insert(sandboxCardTokens)
        .values({
          token: sandboxId('tok'),
          kind: 'one_time',
          outcome: outcomeOfCard(card.card_number),
          brand,
          last4: card.card_number.slice(-4),
          bin: card.card_number.slice(0, 6),
          expMonth: expiry.month,
          expYear: expiry.year,
          holderName: card.holder_name.trim(),
          expiresAt: new Date(clock.now().getTime() + ONE_TIME_TOKEN_TTL_MS),
        })
        .returning();
      const saved = savedToken(token!);
      return {
        token: saved.token,
        brand: saved.brand,
        last4: saved.last4,
        exp_month: saved.expMonth,
        exp_year: saved.expYear,
        holder_name: saved.holderName,
      };
    },

    async chargeCard({ idempotencyKey, amountCents, cardToken, description }) {
      assertAmount(amountCents);
      // No read by key first: a repeated key finds its first charge anyway, since the statement writes
      // nothing for it (and spends no token), and the charge is then read (issue 26).
      const now = clock.now();
      const [created] = await chargeCardOnce(cardToken.startsWith('tok_') ? 'one_time' : 'reusable', db, {
        id: sandboxId('ch'),
        idempotencyKey,
        cardToken,
        amountCents,
        description,
        now: now.toISOString(),
        year: now.getUTCFullYear(),
        month: now.getUTCMonth() + 1,
      });
      return cardResult(created ?? sameRequest((await findByKey(idempotencyKey)) as SandboxPayment, 'card', amountCents));
    },

    async saveCard({ cardToken, customerRef }) {
      if (cardToken.startsWith('card_')) {
        const [saved] = await db
          .select()
          .from(sandboxCardTokens)
          .where(and(eq(sandboxCardTokens.token, cardToken), eq(sandboxCardTokens.customerRef, customerRef)));
        if (!saved) throw new CardTokenInvalidError('Unknown saved card token');
        return savedToken(saved);
      }
      // A one-time token may be saved within its 15 minutes even once charged: checkout charges and saves the same card.
      const [source] = await db
        .select()
        .from(sandboxCardTokens)
        .where(
          and(eq(sandboxCardTokens.token, cardToken), eq(sandboxCardTokens.kind, 'one_time'), gt(sandboxCardTokens.expiresAt, clock.now())),
        );
      if (!source) throw new CardTokenInvalidError('Unknown or expired card token');
      const { token: _oneTime, createdAt: _createdAt, ...card } = source;
      const [created] = await db
        .insert(sandboxCardTokens)
        .values({
          ...card,
          token: sandboxId('card'),
          kind: 'reusable',
          customerRef,
          sourceToken: source.token,
          expiresAt: null,
          usedAt: null,
        })
        .onConflictDoNothing()
        .returning();
      if (created) return savedToken(created);
      const [again] = await db
        .select()
        .from(sandboxCardTokens)
        .where(and(eq(sandboxCardTokens.sourceToken, source.token), eq(sandboxCardTokens.customerRef, customerRef)));
      return savedToken(again!);
    },

    async forgetCard(savedToken) {
      await db.delete(sandboxCardTokens).where(and(eq(sandboxCardTokens.token, savedToken), eq(sandboxCardTokens.kind, 'reusable')));
    },

    async describeCard(cardToken) {
      const [token] = await findCardToken(db, { token: cardToken });
      // A spent or expired one-time token can no longer be charged, so it describes no usable card.
      if (!token || token.usedAt || (token.expiresAt && token.expiresAt <= clock.now())) return null;
      return savedToken(token);
    },

    async createPixCharge({ idempotencyKey, amountCents, description, expiresAt, pixKey }): Promise<PixCharge> {
      assertAmount(amountCents);
      let payment = await findByKey(idempotencyKey);
      if (!payment) {
        const txid = newPixTxid();
        const brCode = buildPixBrCode({ ...deps.pix, key: pixKey ?? deps.pix.key, amountCents, txid, description });
        payment = await insertOnce({
          id: txid,
          idempotencyKey,
          kind: 'pix',
          status: 'pending',
          amountCents,
          description,
          brCode,
          expiresAt,
        });
      }
      sameRequest(payment, 'pix', amountCents);
      const brCode = payment.brCode as string;
      return { gatewayRef: payment.id, txid: payment.id, brCode, qrCode: await pixQrImage(brCode), expiresAt: payment.expiresAt as Date };
    },

    async createPaypalOrder({ idempotencyKey, amountCents, description, returnUrl, cancelUrl }) {
      assertAmount(amountCents);
      const returnPath = safeReturnPath(returnUrl);
      const cancelPath = safeReturnPath(cancelUrl);
      if (!returnPath || !cancelPath) throw new Error('PayPal return and cancel URLs must be paths on this site');
      const payment = await insertOnce({
        id: paypalOrderId(),
        idempotencyKey,
        kind: 'paypal',
        status: 'pending',
        amountCents,
        description,
        returnUrl: returnPath,
        cancelUrl: cancelPath,
      });
      return { gatewayRef: payment.id, approveUrl: `${SANDBOX_GATEWAY_PREFIX}/paypal/orders/${payment.id}/approve` };
    },

    async lookup(idempotencyKey): Promise<GatewayPaymentState | null> {
      const found = await findByKey(idempotencyKey);
      if (!found) return null;
      const payment = await expireIfDue(found, 'later');
      return {
        gatewayRef: payment.id,
        kind: payment.kind,
        status: payment.status,
        amountCents: payment.amountCents,
        ...(payment.failureCode ? { failureCode: payment.failureCode as CardFailureCode } : {}),
      };
    },

    refund: createSandboxRefunds(db, outbox),

    async readWebhook({ rawBody, headers }) {
      return readingOf(verifyWebhook(rawBody, headers, { secrets: deps.webhookSecret, clock }));
    },

    async findPayment(gatewayRef, kind) {
      const payment = await readPayment(gatewayRef, kind);
      return payment && expireIfDue(payment, 'later');
    },

    async simulatePixPayment(txid) {
      const found = await readPayment(txid, 'pix');
      if (!found) return null;
      const payment = await expireIfDue(found, 'now');
      return payment.status === 'pending' ? settle(payment, 'succeeded', 'now') : payment;
    },

    async approvePaypalOrder(orderId) {
      const payment = await readPayment(orderId, 'paypal');
      if (!payment) return null;
      return payment.status === 'pending' ? settle(payment, 'succeeded', 'now') : payment;
    },

    async cancelPaypalOrder(orderId) {
      const payment = await readPayment(orderId, 'paypal');
      if (!payment) return null;
      return payment.status === 'pending' ? settle(payment, 'failed', 'now', 'payment.failed') : payment;
    },

    deliverDueWebhooks: () => outbox.deliverDue(),
    stop: () => outbox.stop(),
  };
}

/** The sandbox's pages are mounted only when the configured gateway is the sandbox. */
export const isSandboxGateway = (gateway: PaymentGateway): gateway is SandboxGateway =>
  gateway.name === SANDBOX && 'simulatePixPayment' in gateway;
