import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PDFFont, RGB } from 'pdf-lib';
import sharp from 'sharp';
import type { Locale } from '../../../../contracts/constants';
import type { GiftCardTemplate } from '../../../../contracts/gift-card-definition';
import { GIFT_CARD_TEMPLATE_LOOKS } from '../../../../contracts/gift-card-templates';
import { formatBrlText, formatLongDate } from '../../../i18n/format';
import type { Translator } from '../../../i18n/translator';
import { giftCardMailMessages as gm } from '../gift-card-mail-messages';
import { giftCardPageUrl } from '../remind-expiring';
import type { FileStorage } from '../../storage/file-storage';
import { logoKey } from '../store-company-logo';
import { n, PdfWriter, pdfText } from './pdf-writer';
import { onFirstUse } from '../../on-first-use';

const pdfLib = onFirstUse<typeof import('pdf-lib')>('pdf-lib');
const qrcode = onFirstUse<typeof import('qrcode')>('qrcode');

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
  return pdfLib().rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
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

/** The QR code of a card's page as a 1-bit image (a module a pixel, a quiet zone of 2): a few hundred bytes a card. */
function qrImage(url: string): { side: number; bits: Buffer } {
  const { modules } = qrcode().create(url, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * QR_QUIET;
  const rowBytes = Math.ceil(side / 8);
  // 1 is white in DeviceGray: everything white but the dark modules.
  const bits = Buffer.alloc(rowBytes * side, 0xff);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      const x = col + QR_QUIET;
      const at = (row + QR_QUIET) * rowBytes + (x >> 3);
      bits[at] = (bits[at] as number) & ~(0x80 >> (x & 7));
    }
  }
  return { side, bits };
}
const QR_QUIET = 2;

/** A company's logo as an RGB image on white (its transparency flattened, as it is drawn on a white square). */
async function logoImage(png: Uint8Array): Promise<{ width: number; height: number; rgb: Buffer }> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}

const FONTS = { regular: 'F1', bold: 'F2', mono: 'F3' } as const;
const fill = (c: RGB) => `${n(c.red)} ${n(c.green)} ${n(c.blue)} rg`;

/** Object numbers: the fixed ones, then per page its page object, its content and its cards' QR images. */
const ID = { catalog: 1, pages: 2, regular: 3, bold: 4, mono: 5, info: 6, logo: 7 } as const;
const FIRST_PAGE_ID = 8;
const IDS_PER_PAGE = 2 + CARDS_PER_PAGE;

/**
 * The printable cards of an order (docs/gift-cards.md): A4 pages of 8 cards, each with the template's
 * colours, the value, the message and who sends it, the expiry written out, the code and a QR code
 * opening the card's page to redeem it. Any number of cards: the PDF is written a page at a time
 * (pdf-writer.ts), each page's bytes handed on and the event loop let go before the next, so a batch of
 * ten thousand cards neither sits whole in memory nor holds the server up.
 */
export async function* giftCardsPdfParts(
  translator: Translator,
  input: { order: PrintableOrder; cards: readonly PrintableCard[]; publicUrl: string; logoPng?: Uint8Array | null },
): AsyncGenerator<Buffer> {
  const { order } = input;
  const t = (d: { id: string; message: string }, values?: Record<string, string>) => translator.translate(order.locale, d, values);
  // pdf-lib's standard fonts measure and encode the text (WinAnsi); the writer draws it.
  const { PDFDocument, StandardFonts } = pdfLib();
  const metrics = await PDFDocument.create();
  const regular = await metrics.embedFont(StandardFonts.Helvetica);
  const bold = await metrics.embedFont(StandardFonts.HelveticaBold);
  const mono = await metrics.embedFont(StandardFonts.Courier);
  const look = GIFT_CARD_TEMPLATE_LOOKS[order.template];
  const style = { background: colour(look.from), ink: colour(look.ink) };
  const message = drawable(regular, order.message);
  const from = drawable(regular, t(gm.pdfFrom, { from: order.sender }));
  const pdf = new PdfWriter();
  const pageCount = Math.max(1, Math.ceil(input.cards.length / CARDS_PER_PAGE));
  const pageId = (page: number) => FIRST_PAGE_ID + page * IDS_PER_PAGE;

  yield pdf.header();
  yield pdf.object(ID.catalog, `<< /Type /Catalog /Pages ${ID.pages} 0 R >>`);
  yield pdf.object(ID.info, `<< /Title ${pdfText('Semear gift cards')} /Creator ${pdfText('Semear')} /Producer ${pdfText('Semear')} >>`);
  const font = (base: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding /WinAnsiEncoding >>`;
  yield pdf.object(ID.regular, font('Helvetica'));
  yield pdf.object(ID.bold, font('Helvetica-Bold'));
  yield pdf.object(ID.mono, font('Courier'));
  const logo = input.logoPng ? await logoImage(input.logoPng) : null;
  yield logo
    ? pdf.stream(
        ID.logo,
        `/Type /XObject /Subtype /Image /Width ${logo.width} /Height ${logo.height} /ColorSpace /DeviceRGB /BitsPerComponent 8`,
        logo.rgb,
      )
    : pdf.object(ID.logo, 'null');

  for (let page = 0; page < pageCount; page++) {
    const cards = input.cards.slice(page * CARDS_PER_PAGE, (page + 1) * CARDS_PER_PAGE);
    const ops: string[] = [];
    const text = (value: string, x: number, y: number, size: number, face: PDFFont) => {
      const name = face === bold ? FONTS.bold : face === mono ? FONTS.mono : FONTS.regular;
      ops.push(`BT /${name} ${n(size)} Tf ${fill(style.ink)} ${n(x)} ${n(y)} Td ${face.encodeText(value).toString()} Tj ET`);
    };
    // Written as they are made: the writer notes each object's offset in the order its bytes go out.
    const images: Buffer[] = [];
    for (const [slot, card] of cards.entries()) {
      const x = MARGIN + (slot % COLUMNS) * (CARD.width + GAP);
      const y = PAGE.height - MARGIN - (Math.floor(slot / COLUMNS) + 1) * CARD.height - Math.floor(slot / COLUMNS) * GAP;
      ops.push(`q ${fill(style.background)} 0.6 0.6 0.6 RG 0.5 w [3 3] 0 d ${n(x)} ${n(y)} ${n(CARD.width)} ${n(CARD.height)} re B Q`);
      const left = x + 14;
      const textWidth = CARD.width - 28 - QR_SIZE - 8;
      if (logo) {
        const top = y + CARD.height - 10 - LOGO.height;
        ops.push(`q 1 1 1 rg ${n(left)} ${n(top)} ${LOGO.width} ${LOGO.height} re f Q`);
        ops.push(`q ${LOGO.width} 0 0 ${LOGO.height} ${n(left)} ${n(top)} cm /Logo Do Q`);
      } else text('Semear', left, y + CARD.height - 24, 11, bold);
      text(formatBrlText(card.valueCents), left, y + CARD.height - 52, 24, bold);
      let lineY = y + CARD.height - 70;
      for (const line of wrap(regular, message, 9, CARD.width - 28, 3)) {
        text(line, left, lineY, 9, regular);
        lineY -= 11;
      }
      const to = card.recipientName ? drawable(regular, t(gm.pdfTo, { to: card.recipientName })) : null;
      text(wrap(regular, to ? `${from} · ${to}` : from, 8, textWidth, 1)[0] ?? '', left, y + 50, 8, regular);
      text(drawable(regular, t(gm.pdfExpiry, { date: formatLongDate(card.expiresAt, order.locale) })), left, y + 38, 8, regular);
      text(drawable(regular, t(gm.pdfCode)), left, y + 24, 7, regular);
      text(card.code, left, y + 13, 6.5, mono);
      // The QR code on a white square, so it scans on any template.
      const qrX = x + CARD.width - QR_SIZE - 12;
      ops.push(`q 1 1 1 rg ${n(qrX)} ${n(y + 10)} ${QR_SIZE} ${QR_SIZE} re f Q`);
      ops.push(`q ${QR_SIZE} 0 0 ${QR_SIZE} ${n(qrX)} ${n(y + 10)} cm /Q${slot} Do Q`);
      const qr = qrImage(giftCardPageUrl(input.publicUrl, card.code));
      images.push(
        pdf.stream(
          pageId(page) + 2 + slot,
          `/Type /XObject /Subtype /Image /Width ${qr.side} /Height ${qr.side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Interpolate false`,
          qr.bits,
        ),
      );
    }
    yield Buffer.concat(images);
    const xObjects = [...(logo ? [`/Logo ${ID.logo} 0 R`] : []), ...cards.map((_, slot) => `/Q${slot} ${pageId(page) + 2 + slot} 0 R`)];
    const fonts = `/${FONTS.regular} ${ID.regular} 0 R /${FONTS.bold} ${ID.bold} 0 R /${FONTS.mono} ${ID.mono} 0 R`;
    yield pdf.object(
      pageId(page),
      `<< /Type /Page /Parent ${ID.pages} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << ${fonts} >> /XObject << ${xObjects.join(' ')} >> >> /Contents ${pageId(page) + 1} 0 R >>`,
    );
    yield pdf.stream(pageId(page) + 1, '', Buffer.from(ops.join('\n'), 'latin1'));
    // Object numbers of the page's empty slots are written too, so the cross-reference table has no gaps.
    for (let slot = cards.length; slot < CARDS_PER_PAGE; slot++) yield pdf.object(pageId(page) + 2 + slot, 'null');
    await nextTurn();
  }
  const kids = Array.from({ length: pageCount }, (_, page) => `${pageId(page)} 0 R`).join(' ');
  yield pdf.object(ID.pages, `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  yield pdf.end(ID.catalog, ID.info);
}

/** An order's printable cards, with its company's logo when the batch has one, as the parts of the PDF. */
export async function* orderCardsPdfParts(
  translator: Translator,
  storage: FileStorage,
  input: { order: PrintableOrder & { logoId: string | null }; cards: readonly PrintableCard[]; publicUrl: string },
): AsyncGenerator<Buffer> {
  const logo = input.order.logoId ? await storage.get(logoKey(input.order.logoId)) : null;
  yield* giftCardsPdfParts(translator, { ...input, logoPng: logo?.body ?? null });
}
