import { Readable } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';

/**
 * A zip written as it goes (what an XLSX is): each entry's local header, its deflated bytes as they come,
 * then a data descriptor with the CRC-32 and sizes known only at its end (general purpose flag bit 3), and
 * the central directory last. Deflate is zlib's asynchronous stream, run on libuv's thread pool: the event
 * loop only hands bytes over. Nothing is held but the entry in flight and the directory's few records.
 * No ZIP64: an entry or the archive reaching 4 GiB is refused rather than written wrong.
 */

export interface ZipEntry {
  name: string;
  /** The entry's bytes, in as many chunks as the writer likes. */
  content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

const ZIP32_LIMIT = 0xffff_ffff;
/** Bit 3: sizes and CRC in a descriptor after the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
const VERSION = 20;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

/** The MS-DOS date and time zip headers carry (local time, two-second steps). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((Math.max(at.getFullYear(), 1980) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

function within32Bits(value: number, what: string): number {
  if (value >= ZIP32_LIMIT) throw new Error(`zip: ${what} reaches 4 GiB (ZIP64 is not written)`);
  return value;
}

function localHeader(entry: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(entry.time, 10);
  header.writeUInt16LE(entry.date, 12);
  // CRC and sizes (offsets 14–25) stay zero: the data descriptor carries them.
  header.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([header, entry.name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralRecord(entry: Written): Buffer {
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(VERSION, 4);
  record.writeUInt16LE(VERSION, 6);
  record.writeUInt16LE(FLAGS, 8);
  record.writeUInt16LE(DEFLATE, 10);
  record.writeUInt16LE(entry.time, 12);
  record.writeUInt16LE(entry.date, 14);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(entry.compressed, 20);
  record.writeUInt32LE(entry.size, 24);
  record.writeUInt16LE(entry.name.length, 28);
  record.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([record, entry.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** The zip of `entries`, chunk by chunk; the next entry's content is read only once the previous one is written. */
export async function* zipStream(entries: Iterable<ZipEntry>, at: Date = new Date()): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  const { time, date } = dosTime(at);
  for (const { name, content } of entries) {
    const entry: Written = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset, time, date };
    const header = localHeader(entry);
    yield header;
    offset += header.length;
    // The raw bytes are summed on their way into deflate; one chunk at a time is in the pipe (highWaterMark 1).
    const raw = Readable.from(
      (async function* () {
        for await (const chunk of content) {
          entry.crc = crc32(chunk, entry.crc);
          entry.size = within32Bits(entry.size + chunk.byteLength, `${name}'s size`);
          yield chunk;
        }
      })(),
      { highWaterMark: 1 },
    );
    const deflate = createDeflateRaw();
    raw.on('error', (error) => deflate.destroy(error));
    for await (const chunk of raw.pipe(deflate) as AsyncIterable<Buffer>) {
      entry.compressed += chunk.length;
      yield chunk;
    }
    within32Bits(entry.compressed, `${name}'s compressed size`);
    const descriptor = dataDescriptor(entry);
    yield descriptor;
    offset = within32Bits(offset + entry.compressed + descriptor.length, 'the archive');
    written.push(entry);
  }
  if (written.length > 0xffff) throw new Error('zip: more than 65,535 entries (ZIP64 is not written)');
  const directory = Buffer.concat(written.map(centralRecord));
  yield directory;
  yield endOfDirectory(written.length, directory.length, within32Bits(offset, 'the archive'));
}
