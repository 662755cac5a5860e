import { hashOpaqueToken } from '../../auth/opaque-tokens';

/** Who asks for a donation or a gift-card order: the signed-in user, if any, and the receipt token sent, if any. */
export interface ReceiptReader {
  userId: string | null | undefined;
  receiptToken: unknown;
}

/** The signed-in donor or buyer who made it, or whoever holds its receipt token; anyone else is told nothing. */
export function mayReadReceipt(made: { userId: string | null; receiptTokenHash: string }, reader: ReceiptReader): boolean {
  const isOwner = made.userId !== null && made.userId === reader.userId;
  const { receiptToken } = reader;
  const holdsReceipt = typeof receiptToken === 'string' && receiptToken !== '' && hashOpaqueToken(receiptToken) === made.receiptTokenHash;
  return isOwner || holdsReceipt;
}
