import type { GiftCardDeliveryChangeInput, GiftCardOrderResult } from '../../../contracts';
import { useSubmission } from '../../app/forms/use-submission';
import { giftCardOrdersApi } from '../../lib/api/gift-card-orders';
import { receiptFor } from '../../lib/receipts';
import { saveFile } from '../../lib/save-file';

/**
 * One card's delivery change on the order's page (PATCH /gift-card-orders/{id}/cards/{position}),
 * through the form-submission machine: the buyer (signed in, or holding this tab's receipt token)
 * sends it now, moves it, cancels it or corrects its e-mail; the order as the API answers replaces the shown one.
 */
export function useCardDelivery(orderId: string, position: number, onChanged: (order: GiftCardOrderResult) => void) {
  return useSubmission<GiftCardDeliveryChangeInput, GiftCardOrderResult>({
    submit: (change) => giftCardOrdersApi.changeDelivery(orderId, position, change, receiptFor(orderId)),
    onSuccess: onChanged,
  });
}

/** Downloads the cards the buyer hands out (GET /gift-card-orders/{id}/cards.pdf or codes.csv) as a file named after the order. */
export function useOrderFile(orderId: string, file: 'cards.pdf' | 'codes.csv') {
  return useSubmission<void, void>({
    submit: async () => {
      const blob = await giftCardOrdersApi.orderFile(orderId, file, receiptFor(orderId));
      saveFile(blob, `semear-gift-cards-${orderId.slice(0, 8)}.${file.split('.')[1]}`);
    },
  });
}
