import { constants, inflateRawSync } from 'node:zlib';

/**
 * What an xlsx (a zip) says of itself before anything unpacks it: a 311 KB file can hold 300 MB of
 * XML (a zip bomb), and reading that would hold a thread for seconds and take gigabytes. A real
 * recipients sheet of at most 2 MB unpacks to about 20 MB (100,000 rows of name and e-mail), so the
 * limits below leave room for honest files and none for bombs. The sizes a zip declares can lie: the
 * reader's worker (sheet-reader-pool.ts) caps memory and time for whatever gets past this.
 */
export const WORKBOOK_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
export const WORKBOOK_MAX_CELLS = 1_000_000;
const MAX_ENTRIES = 2_000;
/** Enough of a worksheet's start to find its `<dimension ref="A1:C100"/>`. */
const SHEET_HEAD_BYTES = 4_096;

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const DEFLATE = 8;
const ZIP64_MARK = 0xffffffff;

export type WorkbookCheck = 'ok' | 'unreadable' | 'too_large';

interface Entry {
  name: string;
  method: number;
  compressed: number;
  unpacked: number;
  localOffset: number;
}

function centralEntries(zip: Buffer): Entry[] | null {
  // The end record sits in the last 22 bytes plus an optional comment of up to 64 KB.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count > MAX_ENTRIES) return null;
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_ENTRY) return null;
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      method: zip.readUInt16LE(at + 10),
      compressed: zip.readUInt32LE(at + 20),
      unpacked: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** A worksheet's rows × columns, from the dimension its first bytes declare (0 when it declares none). */
function declaredCells(zip: Buffer, entry: Entry): number {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) return 0;
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + Math.min(entry.compressed, SHEET_HEAD_BYTES));
  let head: string;
  try {
    // A partial inflate (sync flush) gives what these bytes hold without unpacking the rest.
    head = (entry.method === DEFLATE ? inflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH }) : data).toString('latin1');
  } catch {
    return 0;
  }
  const ref = /<(?:\w+:)?dimension\s+ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/.exec(head);
  if (!ref) return 0;
  const column = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
  const [, c1 = 'A', r1 = '1', c2 = c1, r2 = r1] = ref;
  return (Math.abs(Number(r2) - Number(r1)) + 1) * (Math.abs(column(c2) - column(c1)) + 1);
}

/** Whether an xlsx's declared unpacked size and cell count are within what a recipients sheet needs. */
export function checkWorkbook(bytes: Uint8Array): WorkbookCheck {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = centralEntries(zip);
  if (!entries) return 'unreadable';
  let unpacked = 0;
  let cells = 0;
  for (const entry of entries) {
    if (entry.unpacked === ZIP64_MARK || entry.compressed === ZIP64_MARK) return 'too_large';
    unpacked += entry.unpacked;
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name)) cells += declaredCells(zip, entry);
  }
  return unpacked > WORKBOOK_MAX_UNPACKED_BYTES || cells > WORKBOOK_MAX_CELLS ? 'too_large' : 'ok';
}
