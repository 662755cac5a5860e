import { randomUUID } from 'node:crypto';
import type { CardBrand } from '../../contracts/cards';
import { buildPixBrCode, newPixTxid } from '../../server/services/payments/pix/br-code';
import type {
  CardChargeResult,
  CardFailureCode,
  GatewayPaymentState,
  Payer,
  PaymentGateway,
  SavedCardToken,
  WebhookDelivery,
  WebhookReading,
} from '../../server/services/payments/gateway';
import { readingOf } from '../../server/services/payments/gateway';
import { verifyWebhook } from '../../server/services/payments/sandbox/webhook-signature';

export const FAKE_WEBHOOK_SECRET = 'fake-gateway-webhook-secret-long-enough-1234';

/** Card tokens the fake knows: 'tok_ok', 'tok_declined', 'tok_insufficient'; anything else is unknown. */
const OUTCOMES: Record<string, CardFailureCode | null> = {
  tok_ok: null,
  tok_declined: 'payment.declined',
  tok_insufficient: 'payment.insufficient_funds',
};

/**
 * An in-memory PaymentGateway for fault-injection tests: charges are remembered by idempotency key
 * (a replay answers the first result), lookups read what was charged, and each call can be made to
 * throw once. Webhooks are verified with the real signature scheme and FAKE_WEBHOOK_SECRET.
 */
export class FakeGateway implements PaymentGateway {
  readonly name: string;
  readonly charges = new Map<string, { result: CardChargeResult; amountCents: number }>();
  readonly states = new Map<string, GatewayPaymentState>();
  /** Who paid, as each charge (by idempotency key) was told. */
  readonly payers = new Map<string, Payer | null>();
  /** The refunds asked of this gateway, in order. */
  readonly refunds: { gatewayRef: string; amountCents: number }[] = [];
  /** How many card charges really happened (replays of a key are not counted). */
  chargeCount = 0;
  /** Throws once from the next chargeCard, after charging (the answer is lost on the way back). */
  loseNextChargeAnswer = false;
  /** Makes chargeCard wait, so concurrent requests overlap. */
  chargeDelayMs = 0;

  constructor(
    name = 'fake',
    private readonly now: () => Date = () => new Date(),
  ) {
    this.name = name;
  }

  async chargeCard(input: {
    idempotencyKey: string;
    amountCents: number;
    cardToken: string;
    payer?: Payer | null;
  }): Promise<CardChargeResult> {
    this.payers.set(input.idempotencyKey, input.payer ?? null);
    if (this.chargeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.chargeDelayMs));
    const previous = this.charges.get(input.idempotencyKey);
    if (previous) return previous.result;
    this.chargeCount++;
    const token = input.cardToken.startsWith('card_') ? 'tok_ok' : input.cardToken;
    const failure = token in OUTCOMES ? OUTCOMES[token] : 'card.token_invalid';
    const gatewayRef = `ch_${randomUUID()}`;
    const result: CardChargeResult = failure
      ? { status: 'failed', gatewayRef, failureCode: failure as CardFailureCode, brand: 'visa', last4: '1111' }
      : { status: 'succeeded', gatewayRef, brand: 'visa', last4: '1111' };
    this.charges.set(input.idempotencyKey, { result, amountCents: input.amountCents });
    this.states.set(input.idempotencyKey, {
      gatewayRef,
      kind: 'card',
      status: failure ? 'failed' : 'succeeded',
      amountCents: input.amountCents,
      ...(failure ? { failureCode: failure as CardFailureCode } : {}),
    });
    if (this.loseNextChargeAnswer) {
      this.loseNextChargeAnswer = false;
      throw new Error('connection reset after the charge');
    }
    return result;
  }

  async saveCard(input: { cardToken: string; customerRef: string }): Promise<SavedCardToken> {
    return {
      token: `card_${input.customerRef}_${input.cardToken}`,
      brand: 'visa' as CardBrand,
      last4: '1111',
      expMonth: 12,
      expYear: 2034,
      holderName: 'MARIA DA SILVA',
    };
  }

  /** Saved tokens removed at the "provider" (an account's deletion). */
  readonly forgottenCards: string[] = [];
  /** The next forgetCard fails as an unreachable provider would. */
  failNextForget = false;

  async forgetCard(savedToken: string): Promise<void> {
    if (this.failNextForget) {
      this.failNextForget = false;
      throw new Error('provider unreachable');
    }
    this.forgottenCards.push(savedToken);
  }

  async describeCard(cardToken: string): Promise<SavedCardToken | null> {
    if (!(cardToken in OUTCOMES) && !cardToken.startsWith('card_')) return null;
    return { token: cardToken, brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034, holderName: 'MARIA DA SILVA' };
  }

  async createPixCharge(input: { idempotencyKey: string; amountCents: number; expiresAt: Date; payer?: Payer | null }) {
    this.payers.set(input.idempotencyKey, input.payer ?? null);
    const txid = newPixTxid();
    this.states.set(input.idempotencyKey, { gatewayRef: txid, kind: 'pix', status: 'pending', amountCents: input.amountCents });
    const brCode = buildPixBrCode({
      key: 'pix@semear.dev',
      merchantName: 'SEMEAR DOACOES',
      merchantCity: 'SAO PAULO',
      amountCents: input.amountCents,
      txid,
    });
    return { gatewayRef: txid, txid, brCode, qrCode: 'data:image/png;base64,', expiresAt: input.expiresAt };
  }

  async createPaypalOrder(input: { idempotencyKey: string; amountCents: number; returnUrl: string; cancelUrl: string }) {
    const gatewayRef = `PAY-${randomUUID()}`;
    this.states.set(input.idempotencyKey, { gatewayRef, kind: 'paypal', status: 'pending', amountCents: input.amountCents });
    return { gatewayRef, approveUrl: `https://fake-paypal.test/approve/${gatewayRef}` };
  }

  async lookup(idempotencyKey: string): Promise<GatewayPaymentState | null> {
    return this.states.get(idempotencyKey) ?? null;
  }

  async refund(input: { idempotencyKey: string; gatewayRef: string; amountCents: number }) {
    this.refunds.push({ gatewayRef: input.gatewayRef, amountCents: input.amountCents });
    return { gatewayRef: `re_${input.gatewayRef}`, status: 'succeeded' as const };
  }

  async readWebhook({ rawBody, headers }: WebhookDelivery): Promise<WebhookReading> {
    return readingOf(verifyWebhook(rawBody, headers, { secrets: FAKE_WEBHOOK_SECRET, clock: { now: this.now } }));
  }
}
