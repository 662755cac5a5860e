import type { AxiosInstance } from 'axios';
import { errorCodes, givingMessages } from '../../../contracts';
import { ApiRequestError } from '../http/api-error';

/** How often, and how many times, to ask again about an attempt the server is still working on. */
const IN_PROGRESS_WAIT_MS = 1_000;
const IN_PROGRESS_TRIES = 20;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET …/attempts/{key}: what became of a payment-creating call whose answer never arrived. Resolves
 * with the kept answer's body (a created donation or order); rejects as the call itself would have
 * (402 declined…), with 404 `idempotency.attempt_unknown` when nothing arrived under the key, and
 * with 409 `idempotency.in_progress` when the server was still on it after about 20 s.
 */
export async function readAttempt(http: AxiosInstance, path: string, key: string): Promise<unknown> {
  for (let tries = 0; tries < IN_PROGRESS_TRIES; tries++) {
    const response = await http.get(`${path}/attempts/${encodeURIComponent(key)}`);
    if (response.status !== 202) return response.data;
    await pause(IN_PROGRESS_WAIT_MS);
  }
  throw new ApiRequestError({ status: 409, code: errorCodes.idempotencyInProgress, messages: [givingMessages.idempotencyInProgress.id] });
}
