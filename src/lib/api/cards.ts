import type { AxiosInstance } from 'axios';
import { savedCardListSchema, type SavedCard } from '../../../contracts/cards';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** 'My cards': tokens only — brand, last four digits, expiry and holder; never a card number. */
export function createCardsApi(http: AxiosInstance) {
  const call = withApiErrors;
  return {
    /** GET /cards: default first, then newest. */
    listCards: (): Promise<SavedCard[]> => call(async () => savedCardListSchema.parse((await http.get('/cards')).data)),
    /** PATCH /cards/:id {is_default: true} → the donor's cards after the change. */
    setDefaultCard: (id: string): Promise<SavedCard[]> =>
      call(async () => savedCardListSchema.parse((await http.patch(`/cards/${encodeURIComponent(id)}`, { is_default: true })).data)),
    /** DELETE /cards/:id, then the cards as they are now (the default may have moved). 409 when it pays the monthly donation. */
    removeCard: (id: string): Promise<SavedCard[]> =>
      call(async () => {
        await http.delete(`/cards/${encodeURIComponent(id)}`);
        return savedCardListSchema.parse((await http.get('/cards')).data);
      }),
  };
}

export const cardsApi = createCardsApi(defaultHttp);
export type CardsApi = ReturnType<typeof createCardsApi>;
