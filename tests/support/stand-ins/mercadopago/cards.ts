import { createHash } from 'node:crypto';
import { cardBrand, cvvLength, passesLuhn, type CardBrand } from '../../../../contracts/cards';
import { badRequest, header, json, mpError, objectBody, type RouteTable, type StandInAnswer, type StandInRequest } from './http';
import { idempotent } from './idempotency';
import {
  CARD_TOKEN_ID,
  checkBody,
  checkQuery,
  CUSTOMER_CARD_CREATE,
  CUSTOMER_CREATE,
  CUSTOMER_SEARCH_QUERY,
  PAYMENT_METHOD_SEARCH_QUERY,
  refuse,
  SAVED_CARD_TOKEN_CREATE,
} from './request-schemas';
import { tokenJson, type StandInCard, type StandInCardToken, type StandInState } from './state';

/** Card tokens (browser and saved-card), payment methods by BIN, customers and their cards. */

const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** BINs of Mercado Pago's own test cards that a brand table by ranges does not place (503143 is outside 51–55) or places as credit. */
const TEST_BINS: Record<string, string> = { '503143': 'master', '506776': 'debelo' };
/** The stand-in's own knowledge of the other BINs: the credit method of the brand its range names, where Brazil has one. */
const CREDIT_METHOD_OF_BRAND: Partial<Record<CardBrand, string>> = {
  visa: 'visa',
  mastercard: 'master',
  amex: 'amex',
  elo: 'elo',
  hipercard: 'hipercard',
  diners: 'diners',
};
const METHOD_NAMES: Record<string, string> = {
  visa: 'Visa',
  debvisa: 'Visa Débito',
  master: 'Mastercard',
  debmaster: 'Mastercard Débito',
  amex: 'American Express',
  elo: 'Elo',
  debelo: 'Elo Débito',
  hipercard: 'Hipercard',
  diners: 'Diners',
};

/** What Mercado Pago's BIN service says a card is ('master', 'debelo', …); null: no method takes it here. */
export function paymentMethodOfBin(bin: string): string | null {
  if (TEST_BINS[bin]) return TEST_BINS[bin];
  const brand = cardBrand(bin);
  return brand === null ? null : (CREDIT_METHOD_OF_BRAND[brand] ?? null);
}

/** A method as GET /v1/payment_methods/search lists it (the fields its browser SDK documents; no BIN patterns since 2024). */
function paymentMethodJson(id: string) {
  const debit = id.startsWith('deb');
  const codeLength = id === 'amex' ? 4 : 3;
  return {
    id,
    name: METHOD_NAMES[id] ?? id,
    payment_type_id: debit ? 'debit_card' : 'credit_card',
    status: 'active',
    site_id: 'MLB',
    marketplace: 'NONE',
    processing_mode: 'aggregator',
    deferred_capture: debit ? 'unsupported' : 'supported',
    secure_thumbnail: `https://www.mercadopago.com/org-img/MP3/API/logos/${id}.gif`,
    thumbnail: `http://img.mlstatic.com/org-img/MP3/API/logos/${id}.gif`,
    accreditation_time: 2880,
    min_accreditation_days: 0,
    max_accreditation_days: 2,
    labels: [],
    additional_info_needed: ['cardholder_name', 'cardholder_identification_type', 'cardholder_identification_number'],
    settings: [
      {
        card_number: { length: id === 'amex' ? 15 : 16, validation: 'standard' },
        security_code: { mode: 'mandatory', length: codeLength, card_location: id === 'amex' ? 'front' : 'back' },
      },
    ],
    issuer: { id: 24, name: METHOD_NAMES[id] ?? id, default: true },
  };
}

/**
 * GET /v1/payment_methods/search: by the access token (server) or the public key (browser SDK), else refused
 * as Mercado Pago documents (400 1000 no credentials, 1001 unknown public key, 401 a wrong token); `bins` is
 * the card's first 6 to 8 digits. The account is Brazilian: another `site_id` finds nothing.
 */
function searchPaymentMethods(request: StandInRequest, publicKey: string, authorised: (request: StandInRequest) => boolean): StandInAnswer {
  const publicKeyAsked = request.query.get('public_key');
  if (header(request, 'authorization') !== undefined) {
    if (!authorised(request))
      return mpError(401, 'unauthorized', 'invalid access token', [{ code: 401, description: 'invalid access token' }]);
  } else if (publicKeyAsked === null) return badRequest(1000, 'the credentials are required');
  else if (publicKeyAsked !== publicKey) return badRequest(1001, 'public_key not found');
  const refused = checkQuery(PAYMENT_METHOD_SEARCH_QUERY, request.query);
  if (refused) return refused;
  const bins = request.query.get('bins') as string;
  const site = request.query.get('site_id');
  const method = site === null || site === 'MLB' ? paymentMethodOfBin(bins.slice(0, 6)) : null;
  const results = method === null ? [] : [paymentMethodJson(method)];
  return json(200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
}

/** Card token error codes as the browser SDK reports them (E301 number, E302 CVV, 325/326 expiry, 221 name, 324 document). */
function browserToken(state: StandInState, body: Record<string, unknown>): StandInAnswer {
  const number = typeof body.card_number === 'string' ? body.card_number.replace(/\D/g, '') : '';
  // Any card number passes tokenisation; whether a method takes its BIN is the payment-methods search's answer.
  const paymentMethodId = paymentMethodOfBin(number.slice(0, 6));
  if (number.length < 13 || number.length > 19 || !passesLuhn(number)) return badRequest('E301', 'Invalid card_number');
  const month = Number(body.expiration_month);
  const year = Number(body.expiration_year);
  if (!Number.isInteger(month) || month < 1 || month > 12) return badRequest(325, 'Invalid expiration_month');
  const now = state.now();
  if (!Number.isInteger(year) || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    return badRequest(326, 'Invalid expiration_year');
  const code = typeof body.security_code === 'string' ? body.security_code : '';
  if (!new RegExp(`^\\d{${cvvLength(cardBrand(number))}}$`).test(code)) return badRequest('E302', 'Invalid security_code');
  const cardholder = objectBody(body.cardholder);
  if (typeof cardholder.name !== 'string' || cardholder.name.trim() === '') return badRequest(221, 'cardholder.name is required');
  const identification = objectBody(cardholder.identification);
  if (identification.number !== undefined && !/^\d{11}$|^\d{14}$/.test(String(identification.number)))
    return badRequest(324, 'Invalid cardholder.identification.number');
  const token: StandInCardToken = {
    id: state.newTokenId(),
    cardId: null,
    firstSix: number.slice(0, 6),
    lastFour: number.slice(-4),
    paymentMethodId,
    fingerprint: createHash('sha256').update(number).digest('hex'),
    expMonth: month,
    expYear: year,
    holderName: cardholder.name.trim(),
    identification:
      identification.number === undefined ? null : { type: String(identification.type), number: String(identification.number) },
    createdAt: now,
    dueAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    usedBy: null,
  };
  state.tokens.set(token.id, token);
  return json(201, token);
}

/** Server-side, with the access token: a one-use token for a saved card, no CVV (cards on file). */
function savedCardToken(state: StandInState, body: Record<string, unknown>): StandInAnswer {
  const refused = checkBody(SAVED_CARD_TOKEN_CREATE, body);
  if (refused) return refused;
  const card = typeof body.card_id === 'string' || typeof body.card_id === 'number' ? state.cards.get(String(body.card_id)) : undefined;
  if (!card || (body.customer_id !== undefined && body.customer_id !== card.customerId))
    return mpError(404, 'not_found', 'Card not found', [{ code: 2002, description: 'Customer not found' }]);
  const now = state.now();
  const token: StandInCardToken = {
    ...card.token,
    id: state.newTokenId(),
    cardId: card.id,
    createdAt: now,
    dueAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    usedBy: null,
  };
  state.tokens.set(token.id, token);
  return json(201, token);
}

const customerJson = (customer: StandInState['customers'] extends Map<string, infer C> ? C : never, cards: StandInCard[]) => ({
  id: customer.id,
  email: customer.email,
  first_name: customer.firstName,
  identification: customer.identification ?? null,
  date_created: customer.createdAt.toISOString(),
  cards: cards.map(cardJson),
  live_mode: false,
});

const cardJson = (card: StandInCard) => ({
  id: card.id,
  customer_id: card.customerId,
  first_six_digits: card.token.firstSix,
  last_four_digits: card.token.lastFour,
  expiration_month: card.token.expMonth,
  expiration_year: card.token.expYear,
  payment_method: {
    id: card.paymentMethodId,
    name: card.paymentMethodId,
    payment_type_id: card.paymentMethodId.startsWith('deb') ? 'debit_card' : 'credit_card',
  },
  cardholder: { name: card.token.holderName, identification: card.token.identification },
  date_created: card.createdAt.toISOString(),
  live_mode: false,
});

function saveCard(state: StandInState, request: StandInRequest, customerId: string): StandInAnswer {
  if (!state.customers.has(customerId))
    return mpError(404, 'not_found', 'Customer not found', [{ code: 2002, description: 'Customer not found' }]);
  const refused = checkBody(CUSTOMER_CARD_CREATE, request.body);
  if (refused) return refused;
  const tokenId = objectBody(request.body).token;
  const token = typeof tokenId === 'string' ? state.tokens.get(tokenId) : undefined;
  if (!token || token.dueAt <= state.now()) return badRequest(2062, 'Invalid card token');
  if (token.paymentMethodId === null) return badRequest(2062, 'Invalid card token: no payment method takes its bin');
  const paymentMethodId = token.paymentMethodId;
  const same = [...state.cards.values()].find((card) => card.customerId === customerId && card.token.fingerprint === token.fingerprint);
  if (same) return json(200, cardJson(same));
  const card: StandInCard = {
    id: state.newCardId(),
    customerId,
    token: { ...token, cardId: null },
    paymentMethodId,
    createdAt: state.now(),
  };
  state.cards.set(card.id, card);
  return json(201, cardJson(card));
}

export function cardRoutes(state: StandInState, publicKey: string, authorised: (request: StandInRequest) => boolean): RouteTable[] {
  const cardsOf = (customerId: string) => [...state.cards.values()].filter((card) => card.customerId === customerId);
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/card_tokens$/,
      route: (request) => {
        const body = objectBody(request.body);
        let answer: StandInAnswer;
        if (body.card_id !== undefined)
          answer = authorised(request)
            ? savedCardToken(state, body)
            : mpError(401, 'unauthorized', 'invalid access token', [{ code: 401, description: 'invalid access token' }]);
        else if (request.query.get('public_key') !== publicKey)
          answer = mpError(401, 'unauthorized', 'invalid public_key', [{ code: 401, description: 'invalid public_key' }]);
        else answer = browserToken(state, body);
        // Both kinds answer the token as GET /v1/card_tokens/{id} shows it.
        return answer.status === 201 ? json(201, tokenJson(answer.body as StandInCardToken, publicKey)) : answer;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/card_tokens\/([^/]+)$/,
      route: (request, [id]) => {
        if (!authorised(request) && request.query.get('public_key') !== publicKey)
          return mpError(401, 'unauthorized', 'invalid access token');
        if (!CARD_TOKEN_ID.test(id as string)) return refuse([{ code: 3003, description: 'Invalid card_token_id' }]);
        const token = state.tokens.get(id as string);
        return token
          ? json(200, tokenJson(token, publicKey))
          : mpError(404, 'not_found', 'Card Token not found', [{ code: 2006, description: 'Card Token not found' }]);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/search$/,
      route: (request) => searchPaymentMethods(request, publicKey, authorised),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      route: (request) =>
        idempotent(state, request, () => {
          const refused = checkBody(CUSTOMER_CREATE, request.body);
          if (refused) return refused;
          const body = objectBody(request.body);
          if ([...state.customers.values()].some((customer) => customer.email === body.email))
            return badRequest(101, 'the customer already exist');
          const customer = {
            id: state.newCustomerId(),
            email: body.email as string,
            firstName: typeof body.first_name === 'string' ? body.first_name : null,
            identification: body.identification,
            createdAt: state.now(),
          };
          state.customers.set(customer.id, customer);
          return json(201, customerJson(customer, []));
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/search$/,
      route: (request) => {
        const refused = checkQuery(CUSTOMER_SEARCH_QUERY, request.query);
        if (refused) return refused;
        const email = request.query.get('email');
        const found = [...state.customers.values()].filter((customer) => email === null || customer.email === email);
        return json(200, {
          paging: { total: found.length, limit: 10, offset: 0 },
          results: found.map((customer) => customerJson(customer, cardsOf(customer.id))),
        });
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/([^/]+)\/cards$/,
      route: (request, [id]) => idempotent(state, request, () => saveCard(state, request, id as string)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)\/cards$/,
      route: (_request, [id]) => json(200, cardsOf(id as string).map(cardJson)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)\/cards\/([^/]+)$/,
      route: (_request, [customerId, cardId]) => {
        const card = state.cards.get(cardId as string);
        return card && card.customerId === customerId
          ? json(200, cardJson(card))
          : mpError(404, 'not_found', 'Card not found', [{ code: 2002, description: 'Customer not found' }]);
      },
    },
    {
      // DELETE /v1/customers/{id}/cards/{card_id}: the card is no longer kept; it answers the card it removed.
      method: 'DELETE',
      pattern: /^\/v1\/customers\/([^/]+)\/cards\/([^/]+)$/,
      route: (_request, [customerId, cardId]) => {
        const card = state.cards.get(cardId as string);
        if (!card || card.customerId !== customerId)
          return mpError(404, 'not_found', 'Card not found', [{ code: 2002, description: 'Customer not found' }]);
        state.cards.delete(cardId as string);
        return json(200, cardJson(card));
      },
    },
  ];
}

export const isBrowserTokenRequest = (request: StandInRequest): boolean =>
  request.path === '/v1/card_tokens' && request.method === 'POST' && header(request, 'authorization') === undefined;
