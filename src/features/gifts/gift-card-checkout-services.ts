import { fromPromise } from 'xstate';
import type {
  CorporateGiftCardOrderRequestInput,
  DonationRequestInput,
  GiftCardOrderRequestInput,
  GiftCardOrderResult,
} from '../../../contracts';
import type { CorporateDefinitionOutput } from '../../../machines/gift-card/corporate-definition.machine';
import { checkoutMachine, type CheckoutMachine, type SubmissionAnswer } from '../../../machines/checkout/checkout.machine';
import { pixPaymentMachine, type PixCheck } from '../../../machines/checkout/pix-payment.machine';
import type { GiftCardDefinitionOutput } from '../../../machines/gift-card/gift-card-definition.machine';
import { giftCardOrdersApi } from '../../lib/api/gift-card-orders';
import {
  checkoutSupportActors,
  realCheckoutSupport,
  recoverAttemptActor,
  submissionWith,
  trackedPixCheck,
  type CheckoutSupportServices,
} from '../../lib/actors/checkout-support';
import type { OpenAttempts } from '../../lib/open-attempts';

/** Everything the gift-card checkout does outside itself; the real ones call the API and the gateway. */
export interface GiftCardCheckoutServices extends CheckoutSupportServices {
  createOrder(request: GiftCardOrderRequestInput, options: { idempotencyKey?: string | null }): Promise<GiftCardOrderResult>;
  createCorporateOrder(
    request: CorporateGiftCardOrderRequestInput,
    options: { idempotencyKey?: string | null },
  ): Promise<GiftCardOrderResult>;
  getOrder(id: string, receiptToken: string | null): Promise<GiftCardOrderResult>;
  /** What became of an order call whose answer was lost (GET /gift-card-orders[/corporate]/attempts/{key}). */
  findAttempt(key: string): Promise<GiftCardOrderResult>;
  findCorporateAttempt(key: string): Promise<GiftCardOrderResult>;
  getWalletBalance(donorId: string): Promise<number>;
}

export const realGiftCardCheckoutServices: GiftCardCheckoutServices = {
  ...realCheckoutSupport,
  createOrder: (request, options) => giftCardOrdersApi.createOrder(request, options),
  createCorporateOrder: (request, options) => giftCardOrdersApi.createCorporateOrder(request, options),
  getOrder: (id, token) => giftCardOrdersApi.getOrder(id, token),
  findAttempt: (key) => giftCardOrdersApi.findAttempt(key),
  findCorporateAttempt: (key) => giftCardOrdersApi.findCorporateAttempt(key),
};

/** The checkout's request (contact, payment, address) around the definition the buyer confirmed. */
export function orderRequestOf(
  definition: GiftCardDefinitionOutput,
  request: DonationRequestInput,
  draftId: string | null,
): GiftCardOrderRequestInput {
  return {
    draft_id: draftId,
    definition: { ...definition.design, shipping: definition.shipping, recipients: definition.recipients },
    contact: request.contact,
    payment: request.payment,
    address: request.address ?? null,
  };
}

/** A company's checkout request around its confirmed definition (the spreadsheet or the codes, the logo). */
export function corporateOrderRequestOf(
  definition: CorporateDefinitionOutput,
  request: DonationRequestInput,
  draftId: string | null,
): CorporateGiftCardOrderRequestInput {
  const { recipients } = definition;
  return {
    draft_id: draftId,
    definition: {
      ...definition.design,
      recipients:
        recipients.source === 'sheet'
          ? { source: 'sheet', sheet_id: recipients.sheet_id, shipping: recipients.shipping }
          : { source: 'codes', quantity: recipients.quantity },
      logo_id: definition.logo?.id ?? null,
    },
    contact: request.contact,
    payment: request.payment,
    address: request.address ?? null,
  };
}

/** Places the order the checkout pays for: the checkout's request and the Idempotency-Key to send it with. */
export type PlaceOrder = (request: DonationRequestInput, idempotencyKey: string | null) => Promise<GiftCardOrderResult>;

/** The order's open attempt: where its key is kept, and the order a lost answer had placed. */
export interface OrderAttempts {
  attempts: OpenAttempts;
  find(key: string): Promise<GiftCardOrderResult>;
}

/** An order's answer in the checkout's terms: paid, an open PIX or PayPal approval, or declined. */
export function orderAnswerOf(result: GiftCardOrderResult): SubmissionAnswer {
  const { order, payment } = result;
  if (order.status === 'paid') return { status: 'confirmed', id: order.id };
  if (payment.method === 'pix' && payment.br_code !== null) {
    return { status: 'pending_pix', id: order.id, pix: { id: order.id, receiptToken: result.receipt_token ?? null, payment } };
  }
  if (payment.method === 'paypal' && payment.approve_url !== null)
    return { status: 'pending_paypal', id: order.id, approveUrl: payment.approve_url };
  return { status: 'declined', id: order.id, failureCode: payment.failure_code };
}

/** Where a PIX order stands: paid, expired or failed, or still open (null). */
export function orderPixCheckOf({ order, payment }: GiftCardOrderResult): PixCheck {
  const outcome =
    order.status === 'paid' ? 'confirmed' : order.status === 'expired' ? 'expired' : order.status === 'failed' ? 'failed' : null;
  return { outcome, payment };
}

export interface GiftCardCheckoutEffects {
  /** Where a paid order goes (its thank-you page). */
  finish(orderId: string | null): void;
  redirect(url: string): void;
}

/**
 * The shared checkout machine wired for buying gift cards: the submission places the order
 * (POST /gift-card-orders, or …/corporate), a PIX is followed on GET /gift-card-orders/{id}. A gift
 * card never pays for gift cards, so the payment step's code check stays the machine's placeholder.
 */
export function provideGiftCardCheckout(
  placeOrder: PlaceOrder,
  services: GiftCardCheckoutServices,
  effects: GiftCardCheckoutEffects,
  donorId: string | null,
  orderAttempts: OrderAttempts,
): CheckoutMachine {
  const tracking = { attempts: orderAttempts.attempts, recover: async (key: string) => orderAnswerOf(await orderAttempts.find(key)) };
  return checkoutMachine.provide({
    actors: {
      submission: submissionWith(services, async (input) => orderAnswerOf(await placeOrder(input.request, input.retryKey)), tracking),
      recoverAttempt: recoverAttemptActor(tracking),
      pixPayment: pixPaymentMachine.provide({
        actors: {
          checkPayment: fromPromise<PixCheck, { id: string; receiptToken: string | null }>(({ input }) =>
            trackedPixCheck(tracking, async (pix) => orderPixCheckOf(await services.getOrder(pix.id, pix.receiptToken)))(input),
          ),
        },
      }),
      ...checkoutSupportActors(services, donorId),
    },
    actions: {
      finish: (_, { id }) => effects.finish(id),
      redirectToPaypal: (_, { url }) => effects.redirect(url),
    },
  });
}
