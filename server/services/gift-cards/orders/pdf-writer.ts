import { deflateSync } from 'node:zlib';

/**
 * A PDF written as it goes (PDF 1.7, §7.5 of ISO 32000): the header, then objects one at a time, each one's
 * byte offset noted, then the cross-reference table and trailer. Whoever writes a document of a thousand
 * pages hands its bytes on page by page; nothing but the offsets is kept.
 */
export class PdfWriter {
  private readonly offsets: number[] = [];
  private written = 0;

  private out(text: string | Buffer): Buffer {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    this.written += bytes.byteLength;
    return bytes;
  }

  /** The file's first bytes (the binary comment tells tools the file holds binary data). */
  header(): Buffer {
    return this.out('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n');
  }

  /** Object `id` holding a dictionary (or any other PDF value) written as text. */
  object(id: number, value: string): Buffer {
    this.offsets[id] = this.written;
    return this.out(`${id} 0 obj\n${value}\nendobj\n`);
  }

  /** Object `id`: a stream of `data`, compressed, with the entries of `dictionary` beside its length. */
  stream(id: number, dictionary: string, data: Buffer): Buffer {
    const packed = deflateSync(data);
    this.offsets[id] = this.written;
    return Buffer.concat([
      this.out(`${id} 0 obj\n<< ${dictionary} /Filter /FlateDecode /Length ${packed.byteLength} >>\nstream\n`),
      this.out(packed),
      this.out('\nendstream\nendobj\n'),
    ]);
  }

  /** The cross-reference table and trailer: every object from 1 to the highest written. */
  end(rootId: number, infoId: number): Buffer {
    const start = this.written;
    const size = this.offsets.length;
    const rows = ['0000000000 65535 f \n'];
    for (let id = 1; id < size; id++) {
      const offset = this.offsets[id];
      if (offset === undefined) throw new Error(`pdf: object ${id} was never written`);
      rows.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
    }
    return this.out(
      `xref\n0 ${size}\n${rows.join('')}trailer\n<< /Size ${size} /Root ${rootId} 0 R /Info ${infoId} 0 R >>\nstartxref\n${start}\n%%EOF\n`,
    );
  }
}

/** A PDF literal string: the characters that would end or escape it are escaped. */
export const pdfText = (text: string): string => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** A number as PDF operators take it (two decimals are finer than a printer's dot). */
export const n = (value: number): string => String(Math.round(value * 100) / 100);
