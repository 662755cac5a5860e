import type { AxiosInstance } from 'axios';
import {
  donationResultSchema,
  giftCardBalanceSchema,
  IDEMPOTENCY_KEY_HEADER,
  RECEIPT_TOKEN_HEADER,
  savedCardListSchema,
  type DonationRequestInput,
  type DonationResult,
  type SavedCard,
} from '../../../contracts';
import { normalizeApiError, type ApiRequestError } from '../http/api-error';
import { rememberReceipt } from '../receipts';
import { http as defaultHttp } from '../http/api-client';
import { readAttempt } from './attempts';

/** A failed donation call, with the Idempotency-Key it was sent with (to retry it after a network error). */
export type DonationRequestError = ApiRequestError & { idempotencyKey: string };

const newKey = (): string => crypto.randomUUID();

/**
 * Donation calls. Payment-creating calls carry an Idempotency-Key: a new one per attempt, the same
 * one only when the identical request is retried after it never reached the server (status 0), so a
 * lost answer can never charge twice.
 */
export function createDonationsApi(http: AxiosInstance, makeKey: () => string = newKey) {
  return {
    /**
     * POST /campaigns/:slug/donations, or POST /donations (general fund) when slug is null.
     * Rejects with a DonationRequestError (402 declined card: code payment.declined, …).
     */
    async createDonation(
      request: DonationRequestInput,
      options: { campaignSlug: string | null; idempotencyKey?: string | null },
    ): Promise<DonationResult> {
      const key = options.idempotencyKey ?? makeKey();
      const path = options.campaignSlug ? `/campaigns/${encodeURIComponent(options.campaignSlug)}/donations` : '/donations';
      try {
        const response = await http.post(path, request, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
        const result = donationResultSchema.parse(response.data);
        // The thank-you page (and a PayPal return) reads the donation back with it.
        if (result.receipt_token) rememberReceipt(result.donation.id, result.receipt_token);
        return result;
      } catch (error) {
        throw Object.assign(normalizeApiError(error), { idempotencyKey: key });
      }
    },
    /**
     * GET /donations/attempts/:key: the donation a call with this Idempotency-Key created, when its
     * answer was lost (docs/api.md "Attempts"). Rejects as the call would have, or 404 when nothing arrived.
     */
    async findAttempt(key: string): Promise<DonationResult> {
      try {
        const result = donationResultSchema.parse(await readAttempt(http, '/donations', key));
        if (result.receipt_token) rememberReceipt(result.donation.id, result.receipt_token);
        return result;
      } catch (error) {
        throw normalizeApiError(error);
      }
    },
    /** GET /donations/:id; a guest proves it is theirs with the receipt token of the 201. */
    async getDonation(id: string, receiptToken: string | null): Promise<DonationResult> {
      try {
        const response = await http.get(`/donations/${encodeURIComponent(id)}`, {
          headers: receiptToken ? { [RECEIPT_TOKEN_HEADER]: receiptToken } : {},
        });
        return donationResultSchema.parse(response.data);
      } catch (error) {
        throw normalizeApiError(error);
      }
    },
    /** GET /cards: the signed-in donor's saved cards. */
    async listSavedCards(): Promise<SavedCard[]> {
      try {
        return savedCardListSchema.parse((await http.get('/cards')).data);
      } catch (error) {
        throw normalizeApiError(error);
      }
    },
    /** GET /gift-cards/:code → balance (cents) and expiry; 404 'Gift-card não encontrado'. */
    async getGiftCard(code: string): Promise<{ balance: number; expires_at: string }> {
      try {
        return giftCardBalanceSchema.parse((await http.get(`/gift-cards/${encodeURIComponent(code)}`)).data);
      } catch (error) {
        throw normalizeApiError(error);
      }
    },
  };
}

export type DonationsApi = ReturnType<typeof createDonationsApi>;
export const donationsApi = createDonationsApi(defaultHttp);
