/**
 * Receipt tokens of the donations made in this tab (sessionStorage), by donation id: the thank-you
 * page reads a guest's donation with it (GET /donations/{id}, X-Receipt-Token). Kept out of the URL,
 * which is shared, bookmarked and sent on as a Referer; a closed tab forgets them.
 */

const KEY_PREFIX = 'semear.receipt.';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off (private modes, policies): the page then thanks without details.
    return null;
  }
}

export function rememberReceipt(donationId: string, receiptToken: string): void {
  try {
    storage()?.setItem(KEY_PREFIX + donationId, receiptToken);
  } catch {
    // Full or refused: as above.
  }
}

export const receiptFor = (donationId: string): string | null => storage()?.getItem(KEY_PREFIX + donationId) ?? null;
