import { brandOfPaymentMethod } from '../../../../contracts/card-payment-methods';
import { reaisToCents } from '../../../../server/services/payments/mercadopago/money';
import { buildPixBrCode, newPixTxid } from '../../../../server/services/payments/pix/br-code';
import { pixQrImage } from '../../../../server/services/payments/pix/qr-image';
import { badRequest, json, mpError, objectBody, type RouteTable, type StandInAnswer, type StandInRequest } from './http';
import { idempotent } from './idempotency';
import {
  checkBody,
  checkQuery,
  PAYMENT_CANCEL,
  PAYMENT_CREATE,
  PAYMENT_SEARCH_QUERY,
  paymentIdRefused,
  REFUND_CREATE,
} from './request-schemas';
import { paymentJson, refundJson, type StandInPayment, type StandInState } from './state';
import { outcomeOfHolder } from './test-cards';

/** /v1/payments, its search, cancel and refunds, as the Payments API documents them. */

const PIX_DEFAULT_EXPIRY_MS = 24 * 60 * 60 * 1000;
const notFound = () => mpError(404, 'not_found', 'Payment not found', [{ code: 2000, description: 'Payment not found' }]);

async function createPayment(state: StandInState, request: StandInRequest, pixKey: string, baseUrl: () => string): Promise<StandInAnswer> {
  const refused = checkBody(PAYMENT_CREATE, request.body);
  if (refused) return refused;
  const body = objectBody(request.body);
  const amountCents = reaisToCents(body.transaction_amount as number);
  const paymentMethodId = body.payment_method_id as string;
  const pix = paymentMethodId === 'pix';

  const now = state.now();
  const payment: StandInPayment = {
    id: state.newPaymentId(),
    status: 'pending',
    statusDetail: 'pending_waiting_transfer',
    amountCents,
    refundedCents: 0,
    description: typeof body.description === 'string' ? body.description : null,
    externalReference: typeof body.external_reference === 'string' ? body.external_reference : null,
    paymentMethodId,
    paymentTypeId: pix ? 'bank_transfer' : 'credit_card',
    payer: objectBody(body.payer),
    metadata: body.metadata,
    token: null,
    pix: null,
    feeCents: 0,
    createdAt: now,
    approvedAt: null,
    updatedAt: now,
    expiresAt: null,
    refunds: [],
  };

  if (pix) {
    const expiresAt =
      typeof body.date_of_expiration === 'string' ? new Date(body.date_of_expiration) : new Date(now.getTime() + PIX_DEFAULT_EXPIRY_MS);
    const qrCode = buildPixBrCode({
      key: pixKey,
      merchantName: 'Semear stand-in',
      merchantCity: 'Sao Paulo',
      amountCents,
      txid: newPixTxid(),
    });
    const image = await pixQrImage(qrCode);
    payment.expiresAt = expiresAt;
    payment.pix = {
      qrCode,
      qrCodeBase64: image.replace(/^data:image\/png;base64,/, ''),
      ticketUrl: `${baseUrl()}/payments/${payment.id}/ticket`,
    };
  } else {
    if (brandOfPaymentMethod(paymentMethodId) === null) return badRequest(3028, 'Invalid payment_method_id');
    const token = state.tokens.get(body.token as string);
    if (!token) return badRequest(2006, 'Card Token not found');
    if (token.usedBy !== null || token.dueAt <= now) return badRequest(2062, 'Invalid card token');
    // The method must be the card's: Mercado Pago answers `diff_param_bins` otherwise.
    if (token.paymentMethodId !== paymentMethodId) return mpError(400, 'bad_request', 'diff_param_bins');
    token.usedBy = payment.id;
    payment.token = token;
    const outcome = outcomeOfHolder(token.holderName);
    if (outcome.status === 'approved') state.approve(payment);
    else {
      payment.status = outcome.status;
      payment.statusDetail = outcome.statusDetail;
    }
  }
  state.payments.set(payment.id, payment);
  return json(201, paymentJson(payment));
}

function createRefund(state: StandInState, request: StandInRequest, paymentId: string): StandInAnswer {
  const payment = state.payments.get(paymentId);
  if (!payment) return notFound();
  const refused = checkBody(REFUND_CREATE, request.body);
  if (refused) return refused;
  const body = objectBody(request.body);
  const left = payment.amountCents - payment.refundedCents;
  const amountCents = typeof body.amount === 'number' ? reaisToCents(body.amount) : left;
  if (payment.status !== 'approved' || left === 0)
    return badRequest(2063, 'The action requested is not valid for the current payment state');
  if (amountCents > left) return mpError(400, 'bad_request', 'Invalid refund amount: more than the payment has left to refund');
  const refund = { id: state.newRefundId(), paymentId, amountCents, createdAt: state.now() };
  payment.refunds.push(refund);
  payment.refundedCents += amountCents;
  payment.statusDetail = payment.refundedCents === payment.amountCents ? 'refunded' : 'partially_refunded';
  if (payment.refundedCents === payment.amountCents) payment.status = 'refunded';
  payment.updatedAt = refund.createdAt;
  return json(201, refundJson(refund));
}

function search(state: StandInState, request: StandInRequest): StandInAnswer {
  const refused = checkQuery(PAYMENT_SEARCH_QUERY, request.query);
  if (refused) return refused;
  const reference = request.query.get('external_reference');
  const found = [...state.payments.values()]
    .filter((payment) => reference === null || payment.externalReference === reference)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || Number(b.id) - Number(a.id));
  return json(200, { paging: { total: found.length, limit: 30, offset: 0 }, results: found.slice(0, 30).map(paymentJson) });
}

function update(state: StandInState, request: StandInRequest, paymentId: string): StandInAnswer {
  const payment = state.payments.get(paymentId);
  if (!payment) return notFound();
  const refused = checkBody(PAYMENT_CANCEL, request.body);
  if (refused) return refused;
  if (!['pending', 'in_process', 'authorized'].includes(payment.status))
    return badRequest(2063, 'The action requested is not valid for the current payment state');
  payment.status = 'cancelled';
  payment.statusDetail = 'by_collector';
  payment.updatedAt = state.now();
  return json(200, paymentJson(payment));
}

export function paymentRoutes(state: StandInState, options: { pixKey: string; baseUrl: () => string }): RouteTable[] {
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/payments$/,
      route: (request) => idempotent(state, request, () => createPayment(state, request, options.pixKey, options.baseUrl)),
    },
    { method: 'GET', pattern: /^\/v1\/payments\/search$/, route: (request) => search(state, request) },
    {
      method: 'GET',
      pattern: /^\/v1\/payments\/(\d+)$/,
      route: (_request, [id]) => {
        const payment = state.payments.get(id as string);
        return payment ? json(200, paymentJson(payment)) : notFound();
      },
    },
    { method: 'PUT', pattern: /^\/v1\/payments\/(\d+)$/, route: (request, [id]) => update(state, request, id as string) },
    {
      method: 'POST',
      pattern: /^\/v1\/payments\/(\d+)\/refunds$/,
      route: (request, [id]) => idempotent(state, request, () => createRefund(state, request, id as string)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payments\/(\d+)\/refunds$/,
      route: (_request, [id]) => {
        const payment = state.payments.get(id as string);
        return payment ? json(200, payment.refunds.map(refundJson)) : notFound();
      },
    },
    // A payment id that is not a number, on any of the routes above (4019).
    { method: 'GET', pattern: /^\/v1\/payments\/([^/]+)(?:\/refunds)?$/, route: () => paymentIdRefused() },
    { method: 'PUT', pattern: /^\/v1\/payments\/([^/]+)$/, route: () => paymentIdRefused() },
    { method: 'POST', pattern: /^\/v1\/payments\/([^/]+)\/refunds$/, route: () => paymentIdRefused() },
  ];
}
