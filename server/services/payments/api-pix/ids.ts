import { isUuid } from '../../../db/uuid';

/**
 * Our own txid (the spec's `[a-zA-Z0-9]{26,35}`): the payment id without its dashes, 32 hex digits. The same
 * payment always asks for the same charge, so a retry after a crash finds it instead of making a second.
 * Refunds take the refund's key the same way as the devolução's `id` (`[a-zA-Z0-9]{1,35}`).
 */
export function txidOf(paymentId: string): string {
  if (!isUuid(paymentId)) throw new Error(`an API Pix charge is named after a payment id, got ${paymentId}`);
  return paymentId.replaceAll('-', '').toLowerCase();
}

/** The payment id a txid of ours stands for; null for a txid someone else made (a charge not ours). */
export function paymentIdOf(txid: string): string | null {
  if (!/^[0-9a-f]{32}$/i.test(txid)) return null;
  const hex = txid.toLowerCase();
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return isUuid(id) ? id : null;
}

/** A refund's devolução id: its idempotency key's letters and digits (`refund-<uuid>` → 38, cut to the spec's 35). */
export function devolucaoIdOf(idempotencyKey: string): string {
  const id = idempotencyKey.replace(/[^a-zA-Z0-9]/g, '').slice(-35);
  if (id.length === 0) throw new Error('a devolução needs an id');
  return id;
}
