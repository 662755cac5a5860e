import type { Locale } from '../../../contracts/constants';
import { errorCodes } from '../../../contracts/errors';
import { givingMessages as gm } from '../../../contracts/giving-messages';
import { isUuid } from '../../db/uuid';
import { notFound } from '../../domain/errors';
import { giftCardAfterPayment } from '../ledger';
import { donationReference } from './confirm-donation';
import { presentDonation } from './donation-presenter';
import { loadDonation } from './donations-repository';
import { mayReadReceipt, type ReceiptReader } from './receipt-reader';
import { settleOnRead, type ReconcileDeps } from './reconcile';

/**
 * The donation and its payment, for the signed-in donor who made it or whoever holds its receipt
 * token; anyone else reads not-found, so the answer never tells that a donation exists.
 */
export async function readDonation(deps: ReconcileDeps, donationId: string, reader: ReceiptReader, locale: Locale) {
  const { db } = deps;
  const donationNotFound = notFound(errorCodes.donationNotFound, gm.donationNotFound);
  if (!isUuid(donationId)) throw donationNotFound;
  let found = await loadDonation(db, donationId);
  if (!found || !mayReadReceipt(found.donation, reader)) throw donationNotFound;
  // An open PIX or PayPal payment past its expiry is settled now rather than at the next job run, and a
  // PayPal order the donor comes back from is captured (reconcile.ts, settleOnRead).
  if (await settleOnRead(deps, found.payment, { locale })) {
    found = (await loadDonation(db, donationId)) ?? found;
  }
  const giftCard =
    found.donation.paymentMethod === 'gift_card' ? await giftCardAfterPayment(db, donationReference(found.donation.id)) : null;
  return presentDonation(found, undefined, giftCard);
}
