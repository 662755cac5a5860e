import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { errorCodes, type DonationRequestInput } from '../../contracts';
import type { SubmissionAnswer, SubmissionOutcome } from '../../machines/checkout/checkout.machine';
import { recoverAttemptActor, submissionWith, trackedPixCheck, type AttemptTracking } from '../../src/lib/actors/checkout-support';
import { ApiRequestError } from '../../src/lib/http/api-error';
import { openAttempts } from '../../src/lib/open-attempts';
import * as f from '../machines/checkout.fixtures';

/**
 * Issue 47, items 1 and 3: the attempt a checkout page sends is kept (localStorage) before the request
 * leaves and forgotten once its answer is final, so a reload or a closed tab can ask what became of it.
 */
afterEach(() => localStorage.clear());

const pixRequest: DonationRequestInput = { amount: 5000, contact: f.contact, payment: { method: 'pix' }, is_anonymous: false };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const networkCut = (key: string) => Object.assign(new ApiRequestError({ status: 0, messages: ['error.network'] }), { idempotencyKey: key });
const refusal = (status: number, code: string) => new ApiRequestError({ status, code, messages: [code] });

function tracking(recover: AttemptTracking['recover'] = vi.fn()): AttemptTracking {
  return { attempts: openAttempts('donate:horta'), recover };
}

async function submit(track: AttemptTracking, answer: (key: string) => Promise<SubmissionAnswer>, retryKey: string | null = null) {
  const sent: string[] = [];
  const machine = submissionWith(
    { tokenizer: { tokenize: vi.fn() } },
    async (input) => {
      sent.push(input.retryKey ?? '');
      // What the page would find if it were reloaded now, while the request is out.
      expect(track.attempts.open()).toBe(input.retryKey);
      return answer(input.retryKey ?? '');
    },
    track,
  );
  const input = { request: pixRequest, campaignSlug: 'horta', retryKey, card: null, cardToken: null };
  const outcome: SubmissionOutcome = await toPromise(createActor(machine, { input }).start());
  return { outcome, sent };
}

describe('the open attempt of a checkout page', () => {
  it('is kept per page for a day, across reloads (localStorage), and forgotten when settled', () => {
    let now = 1_000;
    const page = openAttempts('donate:horta', () => now);
    expect(page.open()).toBeNull();
    page.begin('5b0f3c2e-7d41-4a8e-9c55-2f1d0e6b7a90');
    expect(openAttempts('donate:horta', () => now).open()).toBe('5b0f3c2e-7d41-4a8e-9c55-2f1d0e6b7a90');
    expect(openAttempts('doacao-pix', () => now).open()).toBeNull();
    now += 24 * 60 * 60 * 1000;
    // The server keeps answers for a day: an older key says nothing.
    expect(page.open()).toBeNull();
    page.begin('another');
    page.settle();
    expect(page.open()).toBeNull();
    localStorage.setItem('semear.attempt:donate:horta', '{not json');
    expect(page.open()).toBeNull();
  });

  it('a new attempt gets a new UUID, kept while the request is out; a confirmed answer settles it', async () => {
    const track = tracking();
    const { outcome, sent } = await submit(track, async (key) => ({ status: 'confirmed', id: key }));
    expect(sent[0]).toMatch(UUID);
    expect(outcome).toEqual({ status: 'confirmed', id: sent[0] });
    expect(track.attempts.open()).toBeNull();
  });

  it('a cut connection keeps it (to retry or ask about), a PIX still to pay keeps it, a refusal settles it', async () => {
    const track = tracking();
    const cut = await submit(track, async (key) => Promise.reject(networkCut(key)));
    expect(cut.outcome.status).toBe('interrupted');
    expect(track.attempts.open()).toBe(cut.sent[0]);

    const pix = await submit(track, async () => f.answer('pix', 'pending'), cut.sent[0]);
    expect(pix.sent).toEqual(cut.sent);
    expect(track.attempts.open()).toBe(cut.sent[0]);

    const refused = await submit(track, async () => Promise.reject(refusal(402, errorCodes.paymentDeclined)));
    expect(refused.outcome).toMatchObject({ status: 'declined', failure: { code: errorCodes.paymentDeclined } });
    expect(track.attempts.open()).toBeNull();
  });

  it('a second attempt at the same gift whose key the first already used is answered by the first', async () => {
    const recover = vi.fn(async (key: string): Promise<SubmissionAnswer> => ({ status: 'confirmed', id: `first-of-${key}` }));
    const track = tracking(recover);
    const key = '5b0f3c2e-7d41-4a8e-9c55-2f1d0e6b7a90';
    const { outcome } = await submit(track, async () => Promise.reject(refusal(409, errorCodes.idempotencyKeyReused)), key);
    expect(recover).toHaveBeenCalledWith(key);
    expect(outcome).toEqual({ status: 'confirmed', id: `first-of-${key}` });
    expect(track.attempts.open()).toBeNull();
  });

  it('asking after a reload: the answer is the outcome; nothing arrived or no connection rejects and keeps the key', async () => {
    const key = '5b0f3c2e-7d41-4a8e-9c55-2f1d0e6b7a90';
    const ask = async (recover: AttemptTracking['recover']) => {
      const track = tracking(recover);
      track.attempts.begin(key);
      const run = toPromise(createActor(recoverAttemptActor(track), { input: { key } }).start());
      return { track, run };
    };
    const confirmed = await ask(async () => ({ status: 'confirmed', id: 'd1' }));
    await expect(confirmed.run).resolves.toEqual({ status: 'confirmed', id: 'd1' });
    expect(confirmed.track.attempts.open()).toBeNull();

    const declined = await ask(async () => Promise.reject(refusal(402, errorCodes.paymentDeclined)));
    await expect(declined.run).resolves.toMatchObject({ status: 'declined', failure: { code: errorCodes.paymentDeclined } });
    expect(declined.track.attempts.open()).toBeNull();

    for (const error of [refusal(404, errorCodes.idempotencyAttemptUnknown), networkCut(key)]) {
      const unknown = await ask(async () => Promise.reject(error));
      await expect(unknown.run).rejects.toBe(error);
      expect(unknown.track.attempts.open()).toBe(key);
    }
  });

  it('a PIX forgets the attempt once paid, expired or failed, not while it waits', async () => {
    const track = tracking();
    track.attempts.begin('k');
    const check = (status: 'confirmed' | 'pending') =>
      trackedPixCheck(track, async () => f.pixCheck(status))({ id: 'd1', receiptToken: null });
    await check('pending');
    expect(track.attempts.open()).toBe('k');
    await check('confirmed');
    expect(track.attempts.open()).toBeNull();
  });
});
