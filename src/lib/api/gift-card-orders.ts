import type { AxiosInstance } from 'axios';
import {
  companyLogoSchema,
  giftCardOrderResultSchema,
  recipientSheetResultSchema,
  type CompanyLogo,
  type CorporateGiftCardOrderRequestInput,
  type RecipientSheetResult,
  IDEMPOTENCY_KEY_HEADER,
  RECEIPT_TOKEN_HEADER,
  type GiftCardDeliveryChangeInput,
  type GiftCardOrderRequestInput,
  type GiftCardOrderResult,
} from '../../../contracts';
import { normalizeApiError } from '../http/api-error';
import { rememberReceipt } from '../receipts';
import { http as defaultHttp } from '../http/api-client';
import { readAttempt } from './attempts';

const newKey = (): string => crypto.randomUUID();

/** Gift-card order calls: POST with an Idempotency-Key (reused only to retry a request that never arrived), GET by id. */
export function createGiftCardOrdersApi(http: AxiosInstance, makeKey: () => string = newKey) {
  const remembered = (result: GiftCardOrderResult): GiftCardOrderResult => {
    // The thank-you page (and a PayPal return) reads the order back with it.
    if (result.receipt_token) rememberReceipt(result.order.id, result.receipt_token);
    return result;
  };
  async function placeOrder(path: string, request: unknown, options: { idempotencyKey?: string | null }): Promise<GiftCardOrderResult> {
    const key = options.idempotencyKey ?? makeKey();
    try {
      const response = await http.post(path, request, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
      return remembered(giftCardOrderResultSchema.parse(response.data));
    } catch (error) {
      throw Object.assign(normalizeApiError(error), { idempotencyKey: key });
    }
  }
  /** GET …/attempts/:key: the order a call with this key placed, when its answer was lost; 404 when nothing arrived. */
  async function findAttempt(path: string, key: string): Promise<GiftCardOrderResult> {
    try {
      return remembered(giftCardOrderResultSchema.parse(await readAttempt(http, path, key)));
    } catch (error) {
      throw normalizeApiError(error);
    }
  }
  return {
    /** POST /gift-card-orders. Rejects with the API's error and the key it was sent with. */
    createOrder: (request: GiftCardOrderRequestInput, options: { idempotencyKey?: string | null }) =>
      placeOrder('/gift-card-orders', request, options),
    /** POST /gift-card-orders/corporate: a company's batch (signed in). */
    createCorporateOrder: (request: CorporateGiftCardOrderRequestInput, options: { idempotencyKey?: string | null }) =>
      placeOrder('/gift-card-orders/corporate', request, options),
    findAttempt: (key: string) => findAttempt('/gift-card-orders', key),
    findCorporateAttempt: (key: string) => findAttempt('/gift-card-orders/corporate', key),
    /** POST /gift-card-recipient-sheets: the spreadsheet's bytes, read again by the server. */
    async uploadRecipientSheet(file: Blob): Promise<RecipientSheetResult> {
      try {
        const response = await http.post('/gift-card-recipient-sheets', file, { headers: { 'content-type': 'application/octet-stream' } });
        return recipientSheetResultSchema.parse(response.data);
      } catch (error) {
        throw normalizeApiError(error);
      }
    },
    /** POST /gift-card-logos: the logo's bytes, checked and re-encoded by the server. */
    async uploadLogo(file: Blob): Promise<CompanyLogo> {
      try {
        const response = await http.post('/gift-card-logos', file, { headers: { 'content-type': 'application/octet-stream' } });
        return companyLogoSchema.parse(response.data);
      } catch (error) {
        throw normalizeApiError(error);
      }
    },
    /** GET /gift-card-orders/:id; a guest proves it is theirs with the receipt token of the 201. */
    async getOrder(id: string, receiptToken: string | null): Promise<GiftCardOrderResult> {
      try {
        const response = await http.get(`/gift-card-orders/${encodeURIComponent(id)}`, {
          headers: receiptToken ? { [RECEIPT_TOKEN_HEADER]: receiptToken } : {},
        });
        return giftCardOrderResultSchema.parse(response.data);
      } catch (error) {
        throw normalizeApiError(error);
      }
    },
    /** GET /gift-card-orders/:id/cards.pdf or codes.csv: the cards the buyer hands out, as a file. */
    async orderFile(id: string, file: 'cards.pdf' | 'codes.csv', receiptToken: string | null): Promise<Blob> {
      try {
        const response = await http.get(`/gift-card-orders/${encodeURIComponent(id)}/${file}`, {
          responseType: 'blob',
          headers: receiptToken ? { [RECEIPT_TOKEN_HEADER]: receiptToken } : {},
        });
        return response.data as Blob;
      } catch (error) {
        throw normalizeApiError(error);
      }
    },
    /** PATCH /gift-card-orders/:id/cards/:position: moves, sends now, cancels or corrects one card's send. */
    async changeDelivery(
      id: string,
      position: number,
      change: GiftCardDeliveryChangeInput,
      receiptToken: string | null,
    ): Promise<GiftCardOrderResult> {
      try {
        const response = await http.patch(`/gift-card-orders/${encodeURIComponent(id)}/cards/${position}`, change, {
          headers: receiptToken ? { [RECEIPT_TOKEN_HEADER]: receiptToken } : {},
        });
        return giftCardOrderResultSchema.parse(response.data);
      } catch (error) {
        throw normalizeApiError(error);
      }
    },
  };
}

export type GiftCardOrdersApi = ReturnType<typeof createGiftCardOrdersApi>;
export const giftCardOrdersApi = createGiftCardOrdersApi(defaultHttp);
