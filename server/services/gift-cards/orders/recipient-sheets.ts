import { randomUUID } from 'node:crypto';
import { errorCodes } from '../../../../contracts/errors';
import { giftCardMessages as gc } from '../../../../contracts/gift-card-messages';
import type { GiftCardOrderRecipient } from '../../../../contracts/gift-card-orders';
import type { SheetRecipient, RejectedSheetRow } from '../../../../contracts/recipient-sheet';
import { invalid, notFound } from '../../../domain/errors';
import type { FileStorage } from '../../storage/file-storage';
import type { SheetReader } from './sheet-reader-pool';

/** Kept under its uploader: nobody else's order can use it, even knowing its id. */
const sheetKey = (ownerId: string, id: string) => `sheets/${ownerId}/${id}.json`;

/**
 * Reads an uploaded recipients spreadsheet again on the server (whatever the browser showed), off the
 * request's thread (sheet-reader-pool.ts), and keeps the accepted recipients under a new id for the
 * corporate order; a file refused as a whole ('A planilha deve ter no máximo 2 MB'…) keeps nothing.
 */
export async function storeRecipientSheet(
  storage: FileStorage,
  reader: Pick<SheetReader, 'read'>,
  ownerId: string,
  bytes: Uint8Array,
): Promise<{ id: string; recipients: SheetRecipient[]; rejected: RejectedSheetRow[] }> {
  const sheet = await reader.read(bytes);
  if (!sheet.ok) throw invalid(errorCodes.validation, Object.values(gc).find((d) => d.id === sheet.problem) ?? gc.sheetType);
  if (sheet.recipients.length === 0) throw invalid(errorCodes.validation, gc.sheetEmpty);
  const id = randomUUID();
  const kept: GiftCardOrderRecipient[] = sheet.recipients.map(({ name, email }) => ({ name, email }));
  await storage.put(sheetKey(ownerId, id), new TextEncoder().encode(JSON.stringify(kept)), 'application/json');
  return { id, recipients: sheet.recipients, rejected: sheet.rejected };
}

/** The recipients kept for a sheet id; 'Envie a planilha de novo' when there is none (or it is not the caller's). */
export async function loadRecipientSheet(storage: FileStorage, ownerId: string, id: string): Promise<GiftCardOrderRecipient[]> {
  const file = await storage.get(sheetKey(ownerId, id.toLowerCase()));
  if (!file) throw notFound(errorCodes.validation, gc.sheetMissing);
  return JSON.parse(file.body.toString('utf8')) as GiftCardOrderRecipient[];
}
