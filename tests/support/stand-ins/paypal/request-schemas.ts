import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { ApiError, type ApiIssue } from './api-error';

/**
 * What PayPal's published OpenAPI documents (github.com/paypal/paypal-rest-api-specifications,
 * openapi/checkout_orders_v2.json, payments_payment_v2.json, notifications_webhooks_v1.json) require of
 * each request our adapter sends, written down as zod schemas: required fields, formats, patterns,
 * length limits and enums. Unknown fields pass (PayPal ignores them). A request that breaks a rule is
 * answered as PayPal answers it: 400 INVALID_REQUEST with one `details` entry per field at fault.
 * Business rules (BRL only, two decimals, more than zero) stay in ledger.ts and answer 422.
 */

/** `money.value`'s pattern and limit (orders v2 and payments v2 alike). */
const MONEY_VALUE = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;
/** `language` (experience_context.locale): BCP 47 as PayPal narrows it. */
const LANGUAGE = /^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$/;
const ANY_LINE = /^.*$/;
const UPPER_SNAKE = /^[0-9A-Z_]+$/;
/** verify_webhook_signature's `transmission_id` and `transmission_sig` (not anchored at the end, as published). */
export const TRANSMISSION = /^(?!\d+$)\w+\S+/;
const ALPHANUMERIC = /^[a-zA-Z0-9]+$/;
/** event_version, resource_version. */
const VERSION = /^([0-9]+.[0-9]+)$/;

const text = (min: number, max: number, pattern?: RegExp) => {
  const length = z.string().min(min).max(max);
  return pattern ? length.regex(pattern) : length;
};
const upperEnum = <const T extends readonly [string, ...string[]]>(values: T, max: number) =>
  text(1, max, UPPER_SNAKE).pipe(z.enum(values));
/** format: uri. */
const uri = z.url();
/** format: date-time (RFC 3339). */
const dateTime = z.iso.datetime({ offset: true });

/** `money` (orders v2 and payments v2): requires currency_code (3 characters) and value (its pattern, ≤ 32). */
const money = z.object({ currency_code: text(3, 3), value: z.string().max(32).regex(MONEY_VALUE) });

/** `amount_with_breakdown`: a `money` with an optional `amount_breakdown` of moneys. */
const amountWithBreakdown = money.extend({
  breakdown: z
    .object({
      item_total: money.optional(),
      shipping: money.optional(),
      handling: money.optional(),
      tax_total: money.optional(),
      insurance: money.optional(),
      shipping_discount: money.optional(),
      discount: money.optional(),
    })
    .optional(),
});

/** `purchase_unit_request`: requires `amount`. */
const purchaseUnitRequest = z.object({
  reference_id: text(1, 256).optional(),
  amount: amountWithBreakdown,
  description: text(1, 127).optional(),
  custom_id: text(1, 127).optional(),
  invoice_id: text(1, 127).optional(),
  soft_descriptor: text(1, 22).optional(),
});

/** `paypal_wallet_experience_context` (payment_source.paypal.experience_context). */
const paypalExperienceContext = z.object({
  brand_name: text(1, 127, ANY_LINE).optional(),
  locale: text(2, 10, LANGUAGE).optional(),
  shipping_preference: text(1, 24, /^[A-Z_]+$/)
    .pipe(z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']))
    .optional(),
  return_url: uri.optional(),
  cancel_url: uri.optional(),
  landing_page: upperEnum(['LOGIN', 'GUEST_CHECKOUT', 'NO_PREFERENCE'], 13).optional(),
  user_action: upperEnum(['CONTINUE', 'PAY_NOW'], 8).optional(),
  payment_method_preference: upperEnum(['UNRESTRICTED', 'IMMEDIATE_PAYMENT_REQUIRED'], 255).optional(),
});

/** `order_application_context` (deprecated by experience_context, still accepted). */
const orderApplicationContext = z.object({
  brand_name: text(1, 127).optional(),
  locale: text(2, 10, LANGUAGE).optional(),
  landing_page: upperEnum(['LOGIN', 'BILLING', 'NO_PREFERENCE'], 13).optional(),
  shipping_preference: upperEnum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'], 20).optional(),
  user_action: upperEnum(['CONTINUE', 'PAY_NOW'], 8).optional(),
  return_url: uri.optional(),
  cancel_url: uri.optional(),
});

/** `order_request`: requires `intent` (`checkout_payment_intent`: CAPTURE | AUTHORIZE) and 1 to 10 `purchase_units`. */
export const orderRequest = z.object({
  intent: z.enum(['CAPTURE', 'AUTHORIZE']),
  purchase_units: z.array(purchaseUnitRequest).min(1).max(10),
  payment_source: z.object({ paypal: z.object({ experience_context: paypalExperienceContext.optional() }).optional() }).optional(),
  application_context: orderApplicationContext.optional(),
});

/** `order_capture_request`: nothing required; `payment_source`, when given, an object. */
export const orderCaptureRequest = z.object({ payment_source: z.record(z.string(), z.unknown()).optional() });

/** `refund_request` (payments v2): nothing required; `amount` a `money`. */
export const refundRequest = z.object({
  amount: money.optional(),
  custom_id: text(1, 127, ANY_LINE).optional(),
  invoice_id: text(1, 127, ANY_LINE).optional(),
  note_to_payer: text(1, 255, ANY_LINE).optional(),
});

/** `event` (the webhook_event of a verification). */
const webhookEvent = z.object({
  id: z.string().optional(),
  create_time: dateTime.optional(),
  resource_type: z.string().optional(),
  event_version: z.string().regex(VERSION).optional(),
  event_type: z.string().optional(),
  summary: z.string().optional(),
  resource_version: z.string().regex(VERSION).optional(),
  resource: z.record(z.string(), z.unknown()).optional(),
  links: z.array(z.unknown()).optional(),
});

/**
 * `verify_webhook_signature` (notifications v1): requires auth_algo, cert_url, transmission_id,
 * transmission_sig, transmission_time, webhook_id and webhook_event.
 */
export const verifyWebhookSignatureRequest = z.object({
  auth_algo: z.string().max(100).regex(ALPHANUMERIC),
  cert_url: z.string().max(500).pipe(uri),
  transmission_id: z.string().max(50).regex(TRANSMISSION),
  transmission_sig: z.string().max(500).regex(TRANSMISSION),
  transmission_time: z.string().max(100).pipe(dateTime),
  webhook_id: z.string().max(50).regex(ALPHANUMERIC),
  webhook_event: webhookEvent,
});

const DESCRIPTION: Record<string, string> = {
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_ARRAY_MIN_ITEMS: 'The number of items in an array parameter is too small.',
  INVALID_ARRAY_MAX_ITEMS: 'The number of items in an array parameter is too large.',
};

export const issueOf = (issue: string, field: string, location: ApiIssue['location'], value?: unknown): ApiIssue => ({
  field,
  ...(typeof value === 'string' ? { value } : {}),
  location,
  issue,
  description: DESCRIPTION[issue] ?? issue,
});

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A JSON pointer as PayPal writes it: a purchase unit is named by its reference_id (`@reference_id=='default'`). */
function pointer(root: unknown, path: readonly PropertyKey[]): string {
  return path
    .map((key, at) => {
      if (at === 1 && path[0] === 'purchase_units' && typeof key === 'number') {
        const reference = valueAt(root, ['purchase_units', key, 'reference_id']);
        return `@reference_id=='${typeof reference === 'string' ? reference : 'default'}'`;
      }
      return String(key);
    })
    .map((part) => `/${part}`)
    .join('');
}

function issueName(issue: z.core.$ZodIssue, input: unknown): string {
  if (input === undefined) return 'MISSING_REQUIRED_PARAMETER';
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    if (issue.origin === 'array') return issue.code === 'too_small' ? 'INVALID_ARRAY_MIN_ITEMS' : 'INVALID_ARRAY_MAX_ITEMS';
    return 'INVALID_STRING_LENGTH';
  }
  if (issue.code === 'invalid_value') return 'INVALID_PARAMETER_VALUE';
  return 'INVALID_PARAMETER_SYNTAX';
}

/** Checks a body against its schema; throws PayPal's 400 with a detail per field at fault (the first issue of each). */
export function checkBody(schema: z.ZodType, body: Record<string, unknown>): void {
  const parsed = schema.safeParse(body);
  if (parsed.success) return;
  const details = new Map<string, ApiIssue>();
  for (const issue of parsed.error.issues) {
    const input = valueAt(body, issue.path);
    const field = pointer(body, issue.path);
    if (!details.has(field)) details.set(field, issueOf(issueName(issue, input), field, 'body', input));
  }
  throw new ApiError(400, [...details.values()]);
}

export interface HeaderRule {
  name: string;
  min: number;
  max: number;
  pattern?: RegExp;
}

/** Orders v2's header parameters (payments v2 and notifications v1 put no limits on theirs). */
export const ORDERS_HEADERS: readonly HeaderRule[] = [
  { name: 'PayPal-Request-Id', min: 1, max: 108 },
  { name: 'PayPal-Partner-Attribution-Id', min: 1, max: 36 },
  { name: 'PayPal-Client-Metadata-Id', min: 1, max: 36 },
  { name: 'Prefer', min: 1, max: 25, pattern: /^[a-zA-Z=]*$/ },
];

/** Orders v2's `id` path parameter. */
export const ORDER_ID = { min: 1, max: 36, pattern: /^[A-Z0-9]+$/ };

/** Checks the headers present against their rules and an orders path id, if any; throws PayPal's 400. */
export function checkParameters(headers: IncomingHttpHeaders, rules: readonly HeaderRule[], orderId?: string): void {
  const details: ApiIssue[] = [];
  for (const rule of rules) {
    const value = headers[rule.name.toLowerCase()];
    if (value === undefined) continue;
    const one = Array.isArray(value) ? value.join(',') : value;
    if (one.length < rule.min || one.length > rule.max) details.push(issueOf('INVALID_STRING_LENGTH', rule.name, undefined, one));
    else if (rule.pattern && !rule.pattern.test(one)) details.push(issueOf('INVALID_PARAMETER_SYNTAX', rule.name, undefined, one));
  }
  if (orderId !== undefined) {
    if (orderId.length < ORDER_ID.min || orderId.length > ORDER_ID.max)
      details.push(issueOf('INVALID_STRING_LENGTH', 'id', 'path', orderId));
    else if (!ORDER_ID.pattern.test(orderId)) details.push(issueOf('INVALID_PARAMETER_SYNTAX', 'id', 'path', orderId));
  }
  if (details.length > 0) throw new ApiError(400, details);
}
