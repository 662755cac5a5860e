import { randomUUID } from 'node:crypto';
import { inArray, lt } from 'drizzle-orm';
import { errorCodes } from '../../../../contracts/errors';
import { giftCardMessages as gc } from '../../../../contracts/gift-card-messages';
import type { GiftCardOrderRecipient } from '../../../../contracts/gift-card-orders';
import type { SheetRecipient, RejectedSheetRow } from '../../../../contracts/recipient-sheet';
import { recipientSheets } from '../../../db/schema';
import type { Database } from '../../../db/types';
import { invalid, notFound } from '../../../domain/errors';
import type { FileStorage } from '../../storage/file-storage';
import type { SheetReader } from './sheet-reader-pool';

/** Kept under its uploader: nobody else's order can use it, even knowing its id. */
const sheetKey = (ownerId: string, id: string) => `sheets/${ownerId}/${id}.json`;

/** How long a sheet's names and e-mails are kept: enough to finish an order; the order keeps its own copy. */
export const RECIPIENT_SHEET_KEPT_MS = 24 * 60 * 60 * 1000;

type SheetDeps = { db: Database; storage: FileStorage };

/**
 * Reads an uploaded recipients spreadsheet again on the server (whatever the browser showed), off the
 * request's thread (sheet-reader-pool.ts), and keeps the accepted recipients under a new id for the
 * corporate order; a file refused as a whole ('A planilha deve ter no máximo 2 MB'…) keeps nothing.
 */
export async function storeRecipientSheet(
  { db, storage }: SheetDeps,
  reader: Pick<SheetReader, 'read'>,
  ownerId: string,
  bytes: Uint8Array,
  now: Date,
): Promise<{ id: string; recipients: SheetRecipient[]; rejected: RejectedSheetRow[] }> {
  const sheet = await reader.read(bytes, ownerId);
  if (!sheet.ok) throw invalid(errorCodes.validation, Object.values(gc).find((d) => d.id === sheet.problem) ?? gc.sheetType);
  if (sheet.recipients.length === 0) throw invalid(errorCodes.validation, gc.sheetEmpty);
  const id = randomUUID();
  const kept: GiftCardOrderRecipient[] = sheet.recipients.map(({ name, email }) => ({ name, email }));
  // The row first: a crash between the two leaves a row whose missing file the clean-up shrugs off,
  // never a file nobody will delete.
  await db.insert(recipientSheets).values({ id, ownerId, createdAt: now });
  await storage.put(sheetKey(ownerId, id), new TextEncoder().encode(JSON.stringify(kept)), 'application/json');
  return { id, recipients: sheet.recipients, rejected: sheet.rejected };
}

/** The recipients kept for a sheet id; 'Envie a planilha de novo' when there is none (or it is not the caller's). */
export async function loadRecipientSheet(storage: FileStorage, ownerId: string, id: string): Promise<GiftCardOrderRecipient[]> {
  const file = await storage.get(sheetKey(ownerId, id.toLowerCase()));
  if (!file) throw notFound(errorCodes.validation, gc.sheetMissing);
  return JSON.parse(file.body.toString('utf8')) as GiftCardOrderRecipient[];
}

/** Deletes the sheets kept longer than a day (the `recipient-sheets` job); how many went. */
export async function deleteStaleRecipientSheets({ db, storage }: SheetDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RECIPIENT_SHEET_KEPT_MS);
  let deleted = 0;
  for (;;) {
    const stale = await db.select().from(recipientSheets).where(lt(recipientSheets.createdAt, cutoff)).limit(200);
    if (stale.length === 0) return deleted;
    for (const sheet of stale) await storage.delete(sheetKey(sheet.ownerId, sheet.id));
    await db.delete(recipientSheets).where(
      inArray(
        recipientSheets.id,
        stale.map((sheet) => sheet.id),
      ),
    );
    deleted += stale.length;
  }
}
