import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { onFirstUse } from '../on-first-use';

const pdfLib = onFirstUse<typeof import('pdf-lib')>('pdf-lib');

/** A4 in points, with margins a printer keeps clear. */
export const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
export const TEXT_WIDTH = A4.width - 2 * MARGIN;

/** The text as the standard fonts can draw it (WinAnsi, which has every Portuguese letter): anything else is left out. */
export function drawable(font: PDFFont, text: string): string {
  let kept = '';
  for (const char of text.replace(/\s+/g, ' ')) {
    try {
      font.encodeText(char);
      kept += char;
    } catch {
      // An emoji in a campaign's title, say: skipped rather than failing the whole document.
    }
  }
  return kept;
}

/** Lines of at most `width` points; a word longer than a line is cut where it overflows. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  muted?: boolean;
  /** Space before the paragraph, in points. */
  before?: number;
}

/**
 * A document written top to bottom: paragraphs wrap, rows of columns line up, and a new page begins when the
 * next line would not fit. Pages are numbered at the end, when their count is known.
 */
export class PdfFlow {
  private page!: PDFPage;
  private y = 0;
  private readonly ink: RGB = pdfLib().rgb(0.13, 0.13, 0.13);
  private readonly muted: RGB = pdfLib().rgb(0.38, 0.38, 0.38);

  private constructor(
    readonly document: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  static async create(title: string): Promise<PdfFlow> {
    const { PDFDocument, StandardFonts } = pdfLib();
    const document = await PDFDocument.create();
    document.setTitle(title);
    document.setCreator('Semear');
    document.setProducer('Semear');
    return new PdfFlow(document, await document.embedFont(StandardFonts.Helvetica), await document.embedFont(StandardFonts.HelveticaBold));
  }

  newPage(): void {
    this.page = this.document.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  private room(height: number): void {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  paragraph(text: string, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    const font = style.bold ? this.bold : this.regular;
    this.y -= style.before ?? 0;
    for (const line of wrap(font, drawable(font, text), size, TEXT_WIDTH)) {
      this.room(size * 1.4);
      this.y -= size * 1.4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: style.muted ? this.muted : this.ink });
    }
  }

  /**
   * One row of a table: each cell in its column (`widths` in points, summing to at most TEXT_WIDTH), cut to one
   * line; columns flagged in `right` are right-aligned (amounts).
   */
  row(cells: readonly string[], widths: readonly number[], options: { bold?: boolean; right?: readonly boolean[] } = {}): void {
    const size = 9;
    const font = options.bold ? this.bold : this.regular;
    this.room(size * 1.6);
    this.y -= size * 1.6;
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const width = widths[index] ?? 0;
      const [line = ''] = wrap(font, drawable(font, cell), size, width - 6);
      const right = options.right?.[index] ?? false;
      const at = right ? x + width - 6 - font.widthOfTextAtSize(line, size) : x;
      this.page.drawText(line, { x: at, y: this.y, size, font, color: this.ink });
      x += width;
    });
  }

  rule(): void {
    this.room(8);
    this.y -= 6;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.5, color: this.muted });
  }

  /** A line to sign on, with who signs under it. */
  signature(name: string, role: string): void {
    this.room(80);
    this.y -= 48;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + 240, y: this.y }, thickness: 0.7, color: this.ink });
    this.paragraph(name, { bold: true, before: 2 });
    if (role) this.paragraph(role);
  }

  /** Writes `footer(page, pages)` at the foot of every page, then the file's bytes. */
  async finish(footer: (page: number, pages: number) => string): Promise<Uint8Array> {
    const pages = this.document.getPages();
    pages.forEach((page, index) => {
      const text = drawable(this.regular, footer(index + 1, pages.length));
      page.drawText(text, { x: MARGIN, y: MARGIN - 20, size: 8, font: this.regular, color: this.muted });
    });
    return this.document.save();
  }
}
