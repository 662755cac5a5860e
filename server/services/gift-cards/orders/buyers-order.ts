import type { Locale } from '../../../../contracts/constants';
import { errorCodes } from '../../../../contracts/errors';
import { giftCardMessages as gc } from '../../../../contracts/gift-card-messages';
import type { Executor } from '../../../db/types';
import { isUuid } from '../../../db/uuid';
import { notFound } from '../../../domain/errors';
import { mayReadReceipt, type ReceiptReader } from '../../donations/receipt-reader';
import { settleOnRead, type ReconcileDeps } from '../../donations/reconcile';
import type { GiftCardRow } from '../gift-cards-repository';
import { presentGiftCardOrder } from './gift-card-order-presenter';
import { loadOrder, printableCards, type GiftCardOrderRow, type OrderWithPayment } from './gift-card-orders-repository';

/** The order for its signed-in buyer or whoever holds its receipt token; anyone else reads not-found, so nothing tells it exists. */
export async function buyersOrder(db: Executor, orderId: string, reader: ReceiptReader): Promise<OrderWithPayment> {
  const orderNotFound = notFound(errorCodes.giftCardOrderNotFound, gc.orderNotFound);
  if (!isUuid(orderId)) throw orderNotFound;
  const found = await loadOrder(db, orderId);
  if (!found || !mayReadReceipt(found.order, reader)) throw orderNotFound;
  return found;
}

/** The order, its payment and (once paid) its cards, as its buyer reads it. */
export async function readGiftCardOrder(deps: ReconcileDeps, orderId: string, reader: ReceiptReader, locale: Locale) {
  let found = await buyersOrder(deps.db, orderId, reader);
  // An open PIX or PayPal payment past its expiry is settled now rather than at the next job run, and a
  // PayPal order the donor comes back from is captured (reconcile.ts, settleOnRead).
  if (await settleOnRead(deps, found.payment, { locale })) {
    found = (await loadOrder(deps.db, orderId)) ?? found;
  }
  return presentGiftCardOrder(deps.db, found);
}

/** The buyer's order as it is now, after a change (`found` if it vanished meanwhile). */
export async function presentOrderNow(db: Executor, found: OrderWithPayment) {
  return presentGiftCardOrder(db, (await loadOrder(db, found.order.id)) ?? found);
}

export interface PrintableCards {
  order: GiftCardOrderRow;
  cards: GiftCardRow[];
}

/** The cards the buyer hands out themselves (a paid order's); none is a not-found. */
export async function buyersPrintableCards(db: Executor, orderId: string, reader: ReceiptReader): Promise<PrintableCards> {
  const { order } = await buyersOrder(db, orderId, reader);
  const cards = order.status === 'paid' ? await printableCards(db, order) : [];
  if (cards.length === 0) throw notFound(errorCodes.giftCardOrderNotFound, gc.noPrintableCards);
  return { order, cards };
}
