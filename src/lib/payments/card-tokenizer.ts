import { cardTokenSchema, errorCodes, messages, type CardInput, type CardToken } from '../../../contracts';

/**
 * Turns a card as typed into a one-time gateway token, in the browser: card numbers and CVV go to the
 * payment provider only, never to our API (docs/design.md §7). A real provider's JS SDK implements the
 * same interface; the sandbox one calls the embedded sandbox gateway.
 */
export interface CardTokenizer {
  tokenize(card: CardInput): Promise<CardToken>;
}

/** Why tokenisation failed, shaped like ApiRequestError (status, code, messages) for the checkout. */
export class CardTokenizationError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messages: string[];

  constructor(init: { status: number; code?: string; messages: string[] }) {
    super(init.messages.join('\n'));
    this.name = 'CardTokenizationError';
    this.status = init.status;
    this.code = init.code ?? errorCodes.cardTokenInvalid;
    this.messages = init.messages;
  }
}

/** The embedded sandbox gateway: POST /sandbox-gateway/v1/tokens (400 with field messages). */
export function createSandboxTokenizer(options: { baseURL?: string; fetchFn?: typeof fetch; locale?: () => string } = {}): CardTokenizer {
  const baseURL = options.baseURL ?? '/sandbox-gateway';
  const fetchFn = options.fetchFn ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return {
    async tokenize(card) {
      let response: Response;
      try {
        response = await fetchFn(`${baseURL}/v1/tokens`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': options.locale?.() ?? 'pt' },
          body: JSON.stringify(card),
          // The card must not linger in any cache.
          cache: 'no-store',
        });
      } catch {
        throw new CardTokenizationError({ status: 0, code: errorCodes.paymentFailed, messages: [messages.unknownError.id] });
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
        const list =
          typeof record.message === 'string'
            ? [record.message]
            : Array.isArray(record.message)
              ? record.message.filter((m): m is string => typeof m === 'string')
              : [];
        throw new CardTokenizationError({
          status: response.status,
          code: typeof record.code === 'string' ? record.code : undefined,
          messages: list,
        });
      }
      return cardTokenSchema.parse(body);
    },
  };
}
