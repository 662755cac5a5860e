import { z } from 'zod';
import { createJsonHttp, fetchTransport } from '../provider-kit/json-http';
import { mercadoPagoErrors } from './errors';
import { centsToReais } from './money';
import {
  cardTokenSchema,
  customerCardSchema,
  customerSchema,
  customerSearchSchema,
  paymentMethodSearchSchema,
  paymentSchema,
  paymentSearchSchema,
  refundSchema,
  type MercadoPagoCardToken,
  type MercadoPagoCustomer,
  type MercadoPagoCustomerCard,
  type MercadoPagoPayment,
  type MercadoPagoPaymentMethod,
  type MercadoPagoRefund,
} from './schemas';

/**
 * A small typed client over Mercado Pago's documented HTTP API (no SDK: the official one fixes its
 * host, and we need MERCADOPAGO_API_URL for stand-ins and proxies). Money goes in and comes out in
 * cents; the decimal reais the API speaks exist only on the wire (money.ts).
 */

export interface MercadoPagoClientOptions {
  /** https://api.mercadopago.com, or a stand-in's URL. */
  baseUrl: string;
  accessToken: string;
  /** Per call; past it the call fails as a retryable `timeout`. Default 15 s. */
  timeoutMs?: number;
  fetchFn?: typeof fetch;
}

export interface MercadoPagoIdentification {
  type: 'CPF' | 'CNPJ';
  /** Digits only. */
  number: string;
}

export interface CreatePaymentInput {
  amountCents: number;
  description: string;
  /** 'pix', or the card's method ('visa', 'master', 'debelo', …) as searchPaymentMethods answers it. */
  paymentMethodId: string;
  /** Cards: the browser's token, or one made from a saved card (createSavedCardToken). */
  token?: string;
  installments?: number;
  payer: {
    email: string;
    firstName?: string;
    lastName?: string;
    identification?: MercadoPagoIdentification;
    /** A saved card's customer: sent as `payer: { type: 'customer', id }`. */
    customerId?: string;
  };
  /** Our payment id: how a payment is found again (searchPayments) after a crash. */
  externalReference: string;
  notificationUrl?: string;
  /** PIX: when the QR code stops being payable. */
  expiresAt?: Date;
  statementDescriptor?: string;
  metadata?: Record<string, string | number | boolean>;
}

export interface MercadoPagoClient {
  createPayment(input: CreatePaymentInput, idempotencyKey: string): Promise<MercadoPagoPayment>;
  getPayment(paymentId: string): Promise<MercadoPagoPayment>;
  /** Newest first. */
  searchPayments(externalReference: string): Promise<MercadoPagoPayment[]>;
  /** PUT /v1/payments/{id} { status: 'cancelled' }: a pending payment (an unpaid PIX) stops being payable. */
  cancelPayment(paymentId: string): Promise<MercadoPagoPayment>;
  /** `amountCents` undefined refunds whatever is left. */
  createRefund(paymentId: string, amountCents: number | undefined, idempotencyKey: string): Promise<MercadoPagoRefund>;
  createCustomer(
    input: { email: string; firstName?: string; identification?: MercadoPagoIdentification },
    idempotencyKey: string,
  ): Promise<MercadoPagoCustomer>;
  findCustomerByEmail(email: string): Promise<MercadoPagoCustomer | null>;
  saveCustomerCard(customerId: string, cardToken: string, idempotencyKey: string): Promise<MercadoPagoCustomerCard>;
  getCustomerCard(customerId: string, cardId: string): Promise<MercadoPagoCustomerCard>;
  /** DELETE /v1/customers/{id}/cards/{card_id}: the card is no longer kept (an account's deletion). */
  deleteCustomerCard(customerId: string, cardId: string): Promise<void>;
  /** Describes a token without charging it: last four, first six (the brand), expiry, holder. */
  getCardToken(tokenId: string): Promise<MercadoPagoCardToken>;
  /** A one-use token for a saved card, made server-side with no CVV (cards on file: monthly giving). */
  createSavedCardToken(input: { cardId: string; customerId: string }, idempotencyKey: string): Promise<MercadoPagoCardToken>;
  /** The methods Mercado Pago (Brazil) takes a card with, by its BIN (the first six digits); none: it takes no such card. */
  searchPaymentMethods(bin: string): Promise<MercadoPagoPaymentMethod[]>;
}

/** The date format the API documents for date_of_expiration: yyyy-MM-dd'T'HH:mm:ss.SSS±hh:mm. */
export const mercadoPagoDate = (date: Date): string => date.toISOString().replace('Z', '+00:00');

export function paymentRequestBody(input: CreatePaymentInput): Record<string, unknown> {
  const { payer } = input;
  return {
    transaction_amount: centsToReais(input.amountCents),
    description: input.description,
    payment_method_id: input.paymentMethodId,
    external_reference: input.externalReference,
    ...(input.token === undefined ? {} : { token: input.token, installments: input.installments ?? 1 }),
    ...(input.notificationUrl === undefined ? {} : { notification_url: input.notificationUrl }),
    ...(input.expiresAt === undefined ? {} : { date_of_expiration: mercadoPagoDate(input.expiresAt) }),
    ...(input.statementDescriptor === undefined ? {} : { statement_descriptor: input.statementDescriptor }),
    ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
    payer: {
      email: payer.email,
      ...(payer.customerId === undefined ? {} : { type: 'customer', id: payer.customerId }),
      ...(payer.firstName === undefined ? {} : { first_name: payer.firstName }),
      ...(payer.lastName === undefined ? {} : { last_name: payer.lastName }),
      ...(payer.identification === undefined ? {} : { identification: payer.identification }),
    },
  };
}

const DEFAULT_TIMEOUT_MS = 15_000;

export function createMercadoPagoClient(options: MercadoPagoClientOptions): MercadoPagoClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const http = createJsonHttp({
    baseUrl: options.baseUrl,
    timeoutMs,
    transport: fetchTransport(options.fetchFn),
    errors: mercadoPagoErrors,
  });

  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    schema: S,
    extra: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<z.output<S>> {
    const pathOnly = path.replace(/\?.*$/, '');
    const where = { method, path: pathOnly, label: `${method} ${pathOnly}` };
    const headers: Record<string, string> = { authorization: `Bearer ${options.accessToken}`, accept: 'application/json' };
    if (extra.body !== undefined) headers['content-type'] = 'application/json';
    if (extra.idempotencyKey !== undefined) headers['x-idempotency-key'] = extra.idempotencyKey;
    const body = extra.body === undefined ? undefined : JSON.stringify(extra.body);
    const answer = await http.send({ ...where, path, headers, body });
    return http.read(where, answer, schema);
  }

  const segment = (value: string) => encodeURIComponent(value);

  return {
    createPayment: (input, idempotencyKey) =>
      call('POST', '/v1/payments', paymentSchema, { body: paymentRequestBody(input), idempotencyKey }),
    getPayment: (paymentId) => call('GET', `/v1/payments/${segment(paymentId)}`, paymentSchema),
    searchPayments: async (externalReference) => {
      const query = new URLSearchParams({ external_reference: externalReference, sort: 'date_created', criteria: 'desc' });
      return (await call('GET', `/v1/payments/search?${query}`, paymentSearchSchema)).results;
    },
    cancelPayment: (paymentId) => call('PUT', `/v1/payments/${segment(paymentId)}`, paymentSchema, { body: { status: 'cancelled' } }),
    createRefund: (paymentId, amountCents, idempotencyKey) =>
      call('POST', `/v1/payments/${segment(paymentId)}/refunds`, refundSchema, {
        body: amountCents === undefined ? {} : { amount: centsToReais(amountCents) },
        idempotencyKey,
      }),
    createCustomer: (input, idempotencyKey) =>
      call('POST', '/v1/customers', customerSchema, {
        body: {
          email: input.email,
          ...(input.firstName === undefined ? {} : { first_name: input.firstName }),
          ...(input.identification === undefined ? {} : { identification: input.identification }),
        },
        idempotencyKey,
      }),
    findCustomerByEmail: async (email) =>
      (await call('GET', `/v1/customers/search?${new URLSearchParams({ email })}`, customerSearchSchema)).results[0] ?? null,
    saveCustomerCard: (customerId, cardToken, idempotencyKey) =>
      call('POST', `/v1/customers/${segment(customerId)}/cards`, customerCardSchema, { body: { token: cardToken }, idempotencyKey }),
    getCustomerCard: (customerId, cardId) =>
      call('GET', `/v1/customers/${segment(customerId)}/cards/${segment(cardId)}`, customerCardSchema),
    deleteCustomerCard: async (customerId, cardId) => {
      await call('DELETE', `/v1/customers/${segment(customerId)}/cards/${segment(cardId)}`, z.unknown());
    },
    getCardToken: (tokenId) => call('GET', `/v1/card_tokens/${segment(tokenId)}`, cardTokenSchema),
    createSavedCardToken: (input, idempotencyKey) =>
      call('POST', '/v1/card_tokens', cardTokenSchema, { body: { card_id: input.cardId, customer_id: input.customerId }, idempotencyKey }),
    searchPaymentMethods: async (bin) => {
      const query = new URLSearchParams({ site_id: 'MLB', marketplace: 'NONE', bins: bin });
      return (await call('GET', `/v1/payment_methods/search?${query}`, paymentMethodSearchSchema)).results;
    },
  };
}
