import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import type { Locale } from '../../../../contracts/constants';
import type { GiftCardTemplate } from '../../../../contracts/gift-card-definition';
import { GIFT_CARD_TEMPLATE_LOOKS } from '../../../../contracts/gift-card-templates';
import { formatBrlText, formatLongDate } from '../../../i18n/format';
import type { Translator } from '../../../i18n/translator';
import { giftCardMailMessages as gm } from '../gift-card-mail-messages';
import { giftCardPageUrl } from '../remind-expiring';
import type { FileStorage } from '../../storage/file-storage';
import { logoKey } from '../store-company-logo';

/** A4 in points, 2 × 4 cards a page with room to cut between them. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const GAP = 14;
const COLUMNS = 2;
const ROWS = 4;
export const CARDS_PER_PAGE = COLUMNS * ROWS;
const CARD = {
  width: (PAGE.width - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS,
  height: (PAGE.height - 2 * MARGIN - (ROWS - 1) * GAP) / ROWS,
};
const QR_SIZE = 78;

export interface PrintableCard {
  code: string;
  valueCents: number;
  expiresAt: Date;
  recipientName: string | null;
}

export interface PrintableOrder {
  template: GiftCardTemplate;
  message: string;
  sender: string;
  locale: Locale;
}

/** A company's logo as we stored it (a PNG, 19:9): drawn where each card says Semear. */
const LOGO = { width: 57, height: 27 };

const colour = (hex: string): RGB => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

/** The text as the standard fonts can draw it (WinAnsi): anything else, an emoji say, is left out. */
function drawable(font: PDFFont, text: string): string {
  let kept = '';
  for (const char of text.replace(/\s+/g, ' ')) {
    try {
      font.encodeText(char);
      kept += char;
    } catch {
      // Not in WinAnsi: skipped rather than failing the whole document.
    }
  }
  return kept;
}

/** Lines of at most `width` points, at most `maxLines` of them (the last one ends in '…' when cut). */
function wrap(font: PDFFont, text: string, size: number, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      if (line) lines.push(line);
      line = word;
    }
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && line) lines.push(line);
  const cut = lines.join(' ').length < text.length;
  if (cut && lines.length > 0) {
    let last = lines[lines.length - 1] as string;
    while (last && font.widthOfTextAtSize(`${last}…`, size) > width) last = last.slice(0, -1);
    lines[lines.length - 1] = `${last}…`;
  }
  return lines;
}

/**
 * The printable cards of an order (docs/gift-cards.md): A4 pages of 8 cards, each with the template's
 * colours, the value, the message and who sends it, the expiry written out, the code and a QR code
 * opening the card's page to redeem it. Any number of cards: pages are added as needed.
 */
export async function giftCardsPdf(
  translator: Translator,
  input: { order: PrintableOrder; cards: readonly PrintableCard[]; publicUrl: string; logoPng?: Uint8Array | null },
): Promise<Uint8Array> {
  const { order } = input;
  const t = (d: { id: string; message: string }, values?: Record<string, string>) => translator.translate(order.locale, d, values);
  const pdf = await PDFDocument.create();
  pdf.setTitle('Semear gift cards');
  pdf.setCreator('Semear');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const look = GIFT_CARD_TEMPLATE_LOOKS[order.template];
  const style = { background: colour(look.from), ink: colour(look.ink) };
  const message = drawable(regular, order.message);
  const from = drawable(regular, t(gm.pdfFrom, { from: order.sender }));
  const logo = input.logoPng ? await pdf.embedPng(input.logoPng) : null;

  let page: PDFPage | null = null;
  for (const [index, card] of input.cards.entries()) {
    const slot = index % CARDS_PER_PAGE;
    if (slot === 0) page = pdf.addPage([PAGE.width, PAGE.height]);
    if (!page) continue;
    const x = MARGIN + (slot % COLUMNS) * (CARD.width + GAP);
    const y = PAGE.height - MARGIN - (Math.floor(slot / COLUMNS) + 1) * CARD.height - Math.floor(slot / COLUMNS) * GAP;
    page.drawRectangle({
      x,
      y,
      width: CARD.width,
      height: CARD.height,
      color: style.background,
      borderColor: rgb(0.6, 0.6, 0.6),
      borderWidth: 0.5,
      borderDashArray: [3, 3],
    });
    const left = x + 14;
    const textWidth = CARD.width - 28 - QR_SIZE - 8;
    if (logo) {
      const top = y + CARD.height - 10 - LOGO.height;
      page.drawRectangle({ x: left, y: top, width: LOGO.width, height: LOGO.height, color: rgb(1, 1, 1) });
      page.drawImage(logo, { x: left, y: top, width: LOGO.width, height: LOGO.height });
    } else page.drawText('Semear', { x: left, y: y + CARD.height - 24, size: 11, font: bold, color: style.ink });
    page.drawText(formatBrlText(card.valueCents), { x: left, y: y + CARD.height - 52, size: 24, font: bold, color: style.ink });
    let lineY = y + CARD.height - 70;
    for (const line of wrap(regular, message, 9, CARD.width - 28, 3)) {
      page.drawText(line, { x: left, y: lineY, size: 9, font: regular, color: style.ink });
      lineY -= 11;
    }
    const to = card.recipientName ? drawable(regular, t(gm.pdfTo, { to: card.recipientName })) : null;
    page.drawText(wrap(regular, to ? `${from} · ${to}` : from, 8, textWidth, 1)[0] ?? '', {
      x: left,
      y: y + 50,
      size: 8,
      font: regular,
      color: style.ink,
    });
    page.drawText(drawable(regular, t(gm.pdfExpiry, { date: formatLongDate(card.expiresAt, order.locale) })), {
      x: left,
      y: y + 38,
      size: 8,
      font: regular,
      color: style.ink,
    });
    page.drawText(drawable(regular, t(gm.pdfCode)), { x: left, y: y + 24, size: 7, font: regular, color: style.ink });
    page.drawText(card.code, { x: left, y: y + 13, size: 6.5, font: mono, color: style.ink });
    // The QR code on a white square, so it scans on any template.
    const qr = await pdf.embedPng(
      await QRCode.toBuffer(giftCardPageUrl(input.publicUrl, card.code), { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 132 }),
    );
    page.drawRectangle({ x: x + CARD.width - QR_SIZE - 12, y: y + 10, width: QR_SIZE, height: QR_SIZE, color: rgb(1, 1, 1) });
    page.drawImage(qr, { x: x + CARD.width - QR_SIZE - 12, y: y + 10, width: QR_SIZE, height: QR_SIZE });
  }
  if (input.cards.length === 0) pdf.addPage([PAGE.width, PAGE.height]);
  return pdf.save();
}

/** An order's printable cards, with its company's logo when the batch has one. */
export async function orderCardsPdf(
  translator: Translator,
  storage: FileStorage,
  input: { order: PrintableOrder & { logoId: string | null }; cards: readonly PrintableCard[]; publicUrl: string },
): Promise<Uint8Array> {
  const logo = input.order.logoId ? await storage.get(logoKey(input.order.logoId)) : null;
  return giftCardsPdf(translator, { ...input, logoPng: logo?.body ?? null });
}
