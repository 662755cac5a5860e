import { mpError, type StandInAnswer } from './http';

/**
 * What Mercado Pago's API reference (mercadopago.com.br/developers/pt/reference: payments/_payments/post,
 * chargebacks/_payments_id_refunds/post, customers/_customers/post, cards/_customers_customer_id_cards/post,
 * payment_methods) and the request types of its official Node SDK (`mercadopago` 3.6: PaymentCreateRequest,
 * CreateRefundBody, CustomerRequestBody, CustomerCardBody, CardTokenCreateBody) say of each request our adapter
 * sends, written down as a table of rules: the fields required, their types, formats and enums, each with the
 * cause code the reference lists for it. A request that breaks a rule is answered as Mercado Pago answers it:
 * 400 `{ message, error: 'bad_request', status: 400, cause: [{ code, description }] }`, one cause per rule
 * broken, the first one's description as the message. Business rules (a known token, a method that is the
 * card's, a refund within what is left) stay in the routes.
 *
 * The SDK types every field optional; what is required comes from the reference and its guides ("Os campos
 * mínimos requeridos para enviar são: token, transaction_amount, installments, payment_method_id e o
 * payer.email" for a card; `payment_method_id: 'pix'`, `transaction_amount` and `payer.email` for PIX, whose
 * payer Brazil identifies by CPF or CNPJ).
 */

export interface Cause {
  code: number | string;
  description: string;
}

type Json = Record<string, unknown>;

interface Rule {
  /** Dotted path in the body ('payer.email'). */
  field: string;
  /** The rule applies only when this holds (a card's token, a customer payer's id). */
  when?: (body: Json) => boolean;
  /** Required: absent or null is refused with this cause. */
  missing?: Cause;
  /** For a present value: the cause it breaks, or null. */
  check?: (value: unknown, body: Json) => Cause | null;
}

const valueAt = (body: Json, field: string): unknown =>
  field.split('.').reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Json)[key] : undefined), body);

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const decimals = (value: number) => (/\.(\d+)$/.exec(String(value))?.[1] ?? '').length;
const onlyIf = (ok: boolean, cause: Cause): Cause | null => (ok ? null : cause);

/** RFC 5322 is looser, but this is the shape Mercado Pago checks (an address with a dotted domain). */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** date_of_expiration: yyyy-MM-dd'T'HH:mm:ss.SSSz, the zone as ±hh:mm or Z (reference: "Create payment", error 23). */
const MP_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?(?:[+-]\d{2}:\d{2}|Z)$/;
/** A card token's id: 32 hexadecimal characters, as Mercado Pago issues them. */
export const CARD_TOKEN_ID = /^[0-9a-f]{32}$/;
/** Identification types in Brazil (GET /v1/identification_types for MLB). */
const MLB_IDENTIFICATION: Record<string, RegExp> = { CPF: /^\d{11}$/, CNPJ: /^\d{14}$/ };
/** `payer.type` on a payment (reference: "Create payment", payer.type). */
const PAYER_TYPES = ['customer', 'registered', 'guest'];
/** The sites Mercado Pago operates (site_id). */
const SITES = ['MLA', 'MLB', 'MLC', 'MLM', 'MLU', 'MCO', 'MPE'];
/** GET /v1/payments/search: `sort` and `criteria`. */
const SEARCH_SORTS = ['date_approved', 'date_created', 'date_last_updated', 'id', 'money_release_date'];
const SEARCH_CRITERIA = ['asc', 'desc'];

const PARAMS_ERROR = (what: string): Cause => ({ code: 1, description: `Params Error: ${what}` });
const text = (field: string, cause: Cause = PARAMS_ERROR(`${field} must be a string`)): Rule => ({
  field,
  check: (value) => onlyIf(typeof value === 'string', cause),
});

const isCard = (body: Json) => typeof body.payment_method_id === 'string' && body.payment_method_id !== 'pix';
const isPix = (body: Json) => body.payment_method_id === 'pix';

const invalidIdentification: Cause = { code: 2067, description: 'Invalid user identification number' };
const identificationRule = (field: string, when?: (body: Json) => boolean): Rule => ({
  field,
  when,
  missing: invalidIdentification,
  check: (value) => {
    if (!isObject(value) || typeof value.type !== 'string' || typeof value.number !== 'string') return invalidIdentification;
    const pattern = MLB_IDENTIFICATION[value.type];
    return onlyIf(pattern !== undefined && pattern.test(value.number), invalidIdentification);
  },
});

/** POST /v1/payments (reference "Create payment"; SDK PaymentCreateRequest). */
export const PAYMENT_CREATE: readonly Rule[] = [
  {
    field: 'transaction_amount',
    missing: { code: 4002, description: "transaction_amount attribute can't be null" },
    check: (value) =>
      typeof value !== 'number' || !Number.isFinite(value)
        ? { code: 4003, description: 'transaction_amount attribute must be numeric' }
        : onlyIf(value > 0 && decimals(value) <= 2, { code: 4037, description: 'Invalid transaction_amount' }),
  },
  {
    field: 'payment_method_id',
    missing: { code: 4001, description: "payment_method_id attribute can't be null" },
    check: (value) => onlyIf(typeof value === 'string' && value !== '', { code: 3028, description: 'Invalid payment_method_id' }),
  },
  {
    field: 'token',
    when: isCard,
    missing: { code: 4000, description: "card attribute can't be null" },
    check: (value) => onlyIf(typeof value === 'string' && CARD_TOKEN_ID.test(value), { code: 3003, description: 'Invalid card_token_id' }),
  },
  {
    field: 'installments',
    when: isCard,
    missing: { code: 4004, description: "installments attribute can't be null" },
    check: (value) =>
      onlyIf(typeof value === 'number' && Number.isInteger(value) && value >= 1, {
        code: 4005,
        description: 'installments attribute must be numeric',
      }),
  },
  {
    field: 'payer',
    missing: { code: 4006, description: 'payer attribute is malformed' },
    check: (value) => onlyIf(isObject(value), { code: 4006, description: 'payer attribute is malformed' }),
  },
  {
    field: 'payer.email',
    when: (body) => isObject(body.payer),
    missing: { code: 4050, description: 'payer.email must be a valid email' },
    check: (value) =>
      typeof value !== 'string' || !EMAIL.test(value)
        ? { code: 4050, description: 'payer.email must be a valid email' }
        : onlyIf(value.length < 254, { code: 4051, description: 'payer.email must be shorter than 254 characters' }),
  },
  {
    field: 'payer.type',
    check: (value) => onlyIf(typeof value === 'string' && PAYER_TYPES.includes(value), { code: 4029, description: 'Invalid payer type' }),
  },
  {
    field: 'payer.id',
    when: (body) => valueAt(body, 'payer.type') === 'customer',
    missing: { code: 4012, description: "payer.id attribute can't be null" },
    check: (value) => onlyIf(typeof value === 'string' && value !== '', { code: 4012, description: "payer.id attribute can't be null" }),
  },
  // A PIX in Brazil names its payer by CPF or CNPJ; on a card it is optional, but checked when sent.
  identificationRule('payer.identification', isPix),
  { ...identificationRule('payer.identification'), missing: undefined },
  text('payer.first_name'),
  text('payer.last_name'),
  text('description'),
  text('external_reference'),
  text('statement_descriptor'),
  {
    field: 'date_of_expiration',
    check: (value) =>
      onlyIf(typeof value === 'string' && MP_DATE.test(value) && !Number.isNaN(new Date(value).getTime()), {
        code: 23,
        description: "The following parameters must be valid date and format (yyyy-MM-dd'T'HH:mm:ssz) date_of_expiration",
      }),
  },
  {
    field: 'notification_url',
    check: (value) =>
      typeof value !== 'string' || !URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)
        ? { code: 4020, description: 'notification_url attribute must be url valid' }
        : onlyIf(value.length < 500, { code: 4021, description: 'notification_url attribute must be shorter than 500 character length' }),
  },
  {
    field: 'metadata',
    check: (value) => onlyIf(isObject(value), { code: 4022, description: 'metadata attribute must be a valid JSON' }),
  },
];

/** POST /v1/payments/{id}/refunds (reference "Create refund": `amount` optional, a number; SDK CreateRefundBody). */
export const REFUND_CREATE: readonly Rule[] = [
  {
    field: 'amount',
    check: (value) =>
      typeof value !== 'number' || !Number.isFinite(value) || decimals(value) > 2
        ? { code: 4041, description: 'amount attribute must be numeric' }
        : onlyIf(value > 0, { code: 4040, description: 'amount attribute must be positive' }),
  },
];

/** PUT /v1/payments/{id} as our adapter uses it: `status: 'cancelled'` (reference "Update payment"). */
export const PAYMENT_CANCEL: readonly Rule[] = [
  {
    field: 'status',
    missing: { code: 4017, description: "status attribute can't be null" },
    check: (value) => onlyIf(value === 'cancelled', PARAMS_ERROR('status must be cancelled')),
  },
];

/** POST /v1/customers (reference "Create customer": `email` required; its 1xx codes; SDK CustomerRequestBody). */
export const CUSTOMER_CREATE: readonly Rule[] = [
  {
    field: 'email',
    missing: { code: 106, description: 'the email format is invalid.' },
    check: (value) => onlyIf(typeof value === 'string' && EMAIL.test(value), { code: 106, description: 'the email format is invalid.' }),
  },
  text('first_name', { code: 107, description: 'the first_name is invalid.' }),
  text('last_name', { code: 108, description: 'the last_name is invalid.' }),
  {
    field: 'identification.type',
    check: (value) =>
      onlyIf(typeof value === 'string' && value in MLB_IDENTIFICATION, { code: 111, description: 'the identification.type is invalid.' }),
  },
  {
    field: 'identification.number',
    check: (value, body) => {
      const pattern = MLB_IDENTIFICATION[String(valueAt(body, 'identification.type'))];
      return onlyIf(typeof value === 'string' && (pattern?.test(value) ?? /^\d+$/.test(value)), {
        code: 112,
        description: 'the identification.number is invalid.',
      });
    },
  },
  text('description', { code: 116, description: 'the description is invalid.' }),
  { field: 'metadata', check: (value) => onlyIf(isObject(value), { code: 117, description: 'the metadata is invalid.' }) },
];

/** POST /v1/customers/{id}/cards (reference "Save card": `token` required; SDK CustomerCardBody). */
export const CUSTOMER_CARD_CREATE: readonly Rule[] = [
  {
    field: 'token',
    missing: { code: 119, description: 'the card is required.' },
    check: (value) => onlyIf(typeof value === 'string' && value !== '', { code: 121, description: 'the card is invalid.' }),
  },
];

/** POST /v1/card_tokens with the access token, for a saved card (SDK CardTokenCreateBody: card_id, customer_id). */
export const SAVED_CARD_TOKEN_CREATE: readonly Rule[] = [
  {
    field: 'card_id',
    missing: { code: 3003, description: 'Invalid card_id' },
    check: (value) =>
      onlyIf((typeof value === 'string' && /^\d+$/.test(value)) || (typeof value === 'number' && Number.isInteger(value)), {
        code: 3003,
        description: 'Invalid card_id',
      }),
  },
  text('customer_id', { code: 105, description: 'the customer id is invalid.' }),
];

/** Query rules: GET /v1/payments/search, /v1/customers/search, /v1/payment_methods/search. */
export interface QueryRule {
  name: string;
  required?: Cause;
  check: (value: string) => Cause | null;
}

export const PAYMENT_SEARCH_QUERY: readonly QueryRule[] = [
  { name: 'sort', check: (value) => onlyIf(SEARCH_SORTS.includes(value), PARAMS_ERROR(`sort must be one of ${SEARCH_SORTS.join(', ')}`)) },
  { name: 'criteria', check: (value) => onlyIf(SEARCH_CRITERIA.includes(value), PARAMS_ERROR('criteria must be asc or desc')) },
];

export const CUSTOMER_SEARCH_QUERY: readonly QueryRule[] = [
  { name: 'email', check: (value) => onlyIf(EMAIL.test(value), { code: 106, description: 'the email format is invalid.' }) },
];

export const PAYMENT_METHOD_SEARCH_QUERY: readonly QueryRule[] = [
  { name: 'site_id', check: (value) => onlyIf(SITES.includes(value), { code: 3004, description: 'Invalid parameter site_id' }) },
  {
    name: 'bins',
    required: PARAMS_ERROR('bins must be the first 6 to 8 digits of the card'),
    check: (value) => onlyIf(/^\d{6,8}$/.test(value), PARAMS_ERROR('bins must be the first 6 to 8 digits of the card')),
  },
];

/** Path ids: a payment's is a number (reference: 4019 "payment_id attribute must be numeric"). */
export const PAYMENT_ID = /^\d+$/;
export const paymentIdRefused = (): StandInAnswer => refuse([{ code: 4019, description: 'payment_id attribute must be numeric' }]);

/** Every cause a body breaks, in the order of its rules. A body that is not a JSON object breaks `body`. */
export function causesOf(rules: readonly Rule[], body: unknown): Cause[] {
  const json: Json = isObject(body) ? body : {};
  const causes: Cause[] = [];
  for (const rule of rules) {
    if (rule.when && !rule.when(json)) continue;
    const value = valueAt(json, rule.field);
    const cause = value === undefined || value === null ? (rule.missing ?? null) : (rule.check?.(value, json) ?? null);
    if (cause && !causes.some((seen) => seen.code === cause.code && seen.description === cause.description)) causes.push(cause);
  }
  return causes;
}

export function queryCausesOf(rules: readonly QueryRule[], query: URLSearchParams): Cause[] {
  const causes: Cause[] = [];
  for (const rule of rules) {
    const value = query.get(rule.name);
    const cause = value === null ? (rule.required ?? null) : rule.check(value);
    if (cause) causes.push(cause);
  }
  return causes;
}

/** Mercado Pago's 400 for a malformed request. */
export const refuse = (causes: Cause[]): StandInAnswer => mpError(400, 'bad_request', causes[0]?.description ?? 'Params Error', causes);

/** The 400 for a body that breaks its rules, or null when it keeps them all. */
export function checkBody(rules: readonly Rule[], body: unknown): StandInAnswer | null {
  if (body !== undefined && !isObject(body)) return refuse([PARAMS_ERROR('the body must be a JSON object')]);
  const causes = causesOf(rules, body);
  return causes.length === 0 ? null : refuse(causes);
}

export function checkQuery(rules: readonly QueryRule[], query: URLSearchParams): StandInAnswer | null {
  const causes = queryCausesOf(rules, query);
  return causes.length === 0 ? null : refuse(causes);
}
