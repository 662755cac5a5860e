import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errorCodes } from '../../../../contracts/errors';
import { giftCardMessages as gc } from '../../../../contracts/gift-card-messages';
import { giftCardOrders } from '../../../db/schema';
import type { Database } from '../../../db/types';
import { conflict } from '../../../domain/errors';
import type { Translator } from '../../../i18n/translator';
import type { FileStorage, StoredFileStream } from '../../storage/file-storage';
import type { GiftCardRow } from '../gift-cards-repository';
import { orderCardsPdfParts } from './cards-pdf';
import type { GiftCardOrderRow } from './gift-card-orders-repository';

/**
 * An order's printable cards, built once (docs/gift-cards.md): the PDF is written to storage in parts
 * under a key that names what it holds (the order's words and look, and each card's code, value,
 * expiry and recipient), so asking again serves the stored file, and a change to the cards (a send
 * cancelled) builds the new version and deletes the old. Requests for a PDF being built wait for that
 * build (never a second one); someone with a build of theirs under way may not start another.
 */

export interface CardsPdfDeps {
  db: Database;
  storage: FileStorage;
  translator: Translator;
  publicUrl: string;
}

/** The PDF's key: what it shows, hashed (a different publicUrl is a different QR code, so a different file). */
function pdfKeyOf(order: GiftCardOrderRow, cards: readonly GiftCardRow[], publicUrl: string): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([publicUrl, order.template, order.message, order.sender, order.locale, order.logoId]));
  for (const card of cards) hash.update(`\n${card.code}|${card.valueCents}|${card.expiresAt.toISOString()}|${card.recipientName ?? ''}`);
  return `gift-card-pdfs/${order.id}-${hash.digest('hex').slice(0, 24)}.pdf`;
}

/** How long a finished build is remembered, for requests that read the order before it was recorded. */
const RECENTLY_BUILT_MS = 60_000;

export function createCardsPdfFiles(deps: CardsPdfDeps) {
  /** Builds under way (or just finished) in this process, by key. */
  const building = new Map<string, Promise<void>>();
  /** Who asked for each build under way: one at a time each. */
  const builders = new Set<string>();

  async function build(order: GiftCardOrderRow, cards: readonly GiftCardRow[], key: string): Promise<void> {
    const parts = orderCardsPdfParts(deps.translator, deps.storage, { order, cards, publicUrl: deps.publicUrl });
    await deps.storage.putParts(key, parts, 'application/pdf');
    const [before] = await deps.db.select({ key: giftCardOrders.cardsPdfKey }).from(giftCardOrders).where(eq(giftCardOrders.id, order.id));
    await deps.db.update(giftCardOrders).set({ cardsPdfKey: key }).where(eq(giftCardOrders.id, order.id));
    if (before?.key && before.key !== key) await deps.storage.delete(before.key);
  }

  return {
    /** The order's PDF of these cards as a stream from storage, built first if it is not there yet. */
    async open(order: GiftCardOrderRow, cards: readonly GiftCardRow[], requester: string): Promise<StoredFileStream> {
      const key = pdfKeyOf(order, cards, deps.publicUrl);
      // A build of this very file under way, or just done, in this process: wait for it. Looked up
      // before any await, so a request that read the order before that build recorded its key still
      // finds it (on PostgreSQL such requests really do run side by side).
      let pending = building.get(key);
      if (!pending) {
        // The key names what the file holds, and a file is only there once whole (putParts): it is this PDF.
        const stored = await deps.storage.open(key);
        if (stored) return stored;
        pending = building.get(key);
      }
      if (!pending) {
        if (builders.has(requester)) throw conflict(errorCodes.giftCardPdfBusy, gc.pdfBusy);
        builders.add(requester);
        pending = build(order, cards, key).then(
          () => {
            builders.delete(requester);
            setTimeout(() => building.delete(key), RECENTLY_BUILT_MS).unref();
          },
          (error: unknown) => {
            builders.delete(requester);
            building.delete(key);
            throw error;
          },
        );
        building.set(key, pending);
      }
      await pending;
      const built = await deps.storage.open(key);
      if (!built) throw new Error(`cards pdf: ${key} missing right after it was built`);
      return built;
    },
  };
}
