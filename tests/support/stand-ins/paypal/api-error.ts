import { randomBytes, randomInt } from 'node:crypto';

/**
 * PayPal's error answers as documented (developer.paypal.com/api/rest/responses): `name`, `message`,
 * `debug_id`, `details[{ field?, location?, issue, description }]`, `links` to the issue's page.
 */

const MESSAGES: Record<string, string> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  AUTHENTICATION_FAILURE: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  UNPROCESSABLE_ENTITY: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  INTERNAL_SERVER_ERROR: 'An internal server error has occurred.',
  SERVICE_UNAVAILABLE: 'Service Unavailable.',
};

const NAME_OF_STATUS: Record<number, string> = {
  400: 'INVALID_REQUEST',
  401: 'AUTHENTICATION_FAILURE',
  404: 'RESOURCE_NOT_FOUND',
  422: 'UNPROCESSABLE_ENTITY',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** `error_details`: `location` is one of the spec's `error_location` (body, path, query); a header's has none. */
export interface ApiIssue {
  issue: string;
  description: string;
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'query';
}

/** Which API answers: its errors link to its own reference page; the v1 ones also carry `information_link`. */
export type PaypalApi = 'orders/v2' | 'payments/v2' | 'webhooks/v1';

/** Thrown inside the stand-in; the server turns it into PayPal's error body. */
export class ApiError extends Error {
  readonly details: readonly ApiIssue[];

  constructor(
    readonly status: number,
    detail?: ApiIssue | readonly ApiIssue[],
  ) {
    const details = detail === undefined ? [] : Array.isArray(detail) ? detail : [detail as ApiIssue];
    super(details[0]?.issue ?? NAME_OF_STATUS[status] ?? `HTTP ${status}`);
    this.details = details;
  }

  body(api: PaypalApi = 'orders/v2'): Record<string, unknown> {
    const name = NAME_OF_STATUS[this.status] ?? 'INTERNAL_SERVER_ERROR';
    const href = `https://developer.paypal.com/docs/api/${api}/#error-${this.details[0]?.issue ?? name}`;
    return {
      name,
      message: MESSAGES[name],
      debug_id: randomBytes(7).toString('hex').slice(0, 13),
      ...(api === 'webhooks/v1' ? { information_link: href } : {}),
      ...(this.details.length > 0 ? { details: this.details } : {}),
      links: [{ href, rel: 'information_link', method: 'GET' }],
    };
  }
}

export const unprocessable = (issue: string, description: string, field?: string) =>
  new ApiError(422, { issue, description, ...(field ? { field, location: 'body' as const } : {}) });

export const notFound = (what: string) =>
  new ApiError(404, {
    issue: 'INVALID_RESOURCE_ID',
    description: `Specified resource ID does not exist. Please check the resource ID and try again. (${what})`,
  });

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** PayPal's 17-character resource ids (orders, captures, refunds). */
export function paypalId(): string {
  let id = '';
  for (let i = 0; i < 17; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/**
 * A money object, already checked against the spec's `money` (request-schemas.ts), as PayPal's business
 * rules take it for BRL: a positive decimal with at most two decimals. Own parsing (not the client's), so a
 * mistake in our conversion cannot cancel itself out here.
 */
export function moneyCents(money: unknown, field: string): number {
  const { currency_code: currency, value } = (money ?? {}) as { currency_code?: unknown; value?: unknown };
  if (typeof currency !== 'string' || typeof value !== 'string') {
    throw new ApiError(400, {
      issue: 'MISSING_REQUIRED_PARAMETER',
      description: 'A required field / parameter is missing.',
      field,
      location: 'body',
    });
  }
  // PayPal takes many currencies; the stand-in only BRL, the one our adapter must send.
  if (currency !== 'BRL')
    throw unprocessable(
      'INVALID_CURRENCY_CODE',
      'Currency code is invalid or is not currently supported (the stand-in takes BRL only).',
      `${field}/currency_code`,
    );
  const match = /^(-?)(\d*)(?:\.(\d+))?$/.exec(value);
  if (!match) {
    throw new ApiError(400, {
      issue: 'INVALID_PARAMETER_SYNTAX',
      description: 'The value of a field does not conform to the expected format.',
      field: `${field}/value`,
      location: 'body',
    });
  }
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > 2)
    throw unprocessable(
      'DECIMAL_PRECISION',
      'If the currency supports decimals, only two decimal place precision is supported.',
      `${field}/value`,
    );
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (sign === '-' || cents === 0) throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.', `${field}/value`);
  return cents;
}

/** Cents as PayPal writes them: '12.34'. */
export const money = (cents: number) => ({
  currency_code: 'BRL',
  value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
});
