import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import {
  cancelLinkAnswerSchema,
  currentSubscriptionSchema,
  IDEMPOTENCY_KEY_HEADER,
  subscriptionResultSchema,
  subscriptionSchema,
  type CancelLinkSubscription,
  type CurrentSubscription,
  type Subscription,
  type SubscriptionRequestInput,
  type SubscriptionResult,
} from '../../../contracts';
import type { SubscriptionChange } from '../../../machines/monthly/subscription-panel.machine';
import { normalizeApiError, withApiErrors, type ApiRequestError } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

// The answers' types live with their schemas in contracts/subscriptions.ts; re-exported for the callers of this client.
export type { CancelLinkSubscription, CurrentSubscription };

/** A failed POST /subscriptions, with the Idempotency-Key it was sent with (to retry it after a network error). */
export type SubscriptionRequestError = ApiRequestError & { idempotencyKey: string };

const newKey = (): string => crypto.randomUUID();

/** Calls the API and parses the answer with the contract; any failure is an ApiRequestError. */
const call = <T>(run: () => Promise<{ data: unknown }>, schema: z.ZodType<T>): Promise<T> =>
  withApiErrors(async () => schema.parse((await run()).data));

/**
 * Monthly giving calls. Creating a subscription charges the first month, so it carries an
 * Idempotency-Key: a new one per attempt, the same one only when the identical request is retried
 * after it never reached the server (status 0).
 */
export function createSubscriptionsApi(http: AxiosInstance, makeKey: () => string = newKey) {
  const path = (id: string, action = '') => `/subscriptions/${encodeURIComponent(id)}${action}`;
  return {
    /** POST /subscriptions → 201 with the subscription and its first charge; a declined card is a 402 (code payment.declined, …). */
    async createSubscription(
      request: SubscriptionRequestInput,
      options: { idempotencyKey?: string | null } = {},
    ): Promise<SubscriptionResult> {
      const key = options.idempotencyKey ?? makeKey();
      try {
        const response = await http.post('/subscriptions', request, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
        return subscriptionResultSchema.parse(response.data);
      } catch (error) {
        throw Object.assign(normalizeApiError(error), { idempotencyKey: key });
      }
    },
    /** GET /subscriptions/current. */
    getCurrent: (): Promise<CurrentSubscription> => call(() => http.get('/subscriptions/current'), currentSubscriptionSchema),
    /** PATCH /subscriptions/{id} or POST /subscriptions/{id}/pause|resume|cancel → the subscription as it is now. */
    change(id: string, change: SubscriptionChange): Promise<Subscription> {
      if (change.kind === 'update') return call(() => http.patch(path(id), change.patch), subscriptionSchema);
      return call(() => http.post(path(id, `/${change.kind}`)), subscriptionSchema);
    },
    /** GET /subscriptions/cancel-by-link?token: what the link would cancel (4xx: the link is not valid). */
    readCancelLink: (token: string): Promise<CancelLinkSubscription> =>
      call(() => http.get('/subscriptions/cancel-by-link', { params: { token } }), cancelLinkAnswerSchema).then((a) => a.subscription),
    /** POST /subscriptions/cancel-by-link {token}: cancels without signing in. */
    cancelByLink: (token: string): Promise<CancelLinkSubscription> =>
      call(() => http.post('/subscriptions/cancel-by-link', { token }), cancelLinkAnswerSchema).then((a) => a.subscription),
  };
}

export type SubscriptionsApi = ReturnType<typeof createSubscriptionsApi>;
export const subscriptionsApi = createSubscriptionsApi(defaultHttp);
