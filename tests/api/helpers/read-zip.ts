import { inflateRawSync } from 'node:zlib';

/**
 * The entries of a ZIP, read from its central directory (names, then each entry's bytes inflated), as any
 * unzip tool would: enough for tests to open what the server wrote without a package or the `unzip` binary.
 */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('zip: bad central record');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataAt, dataAt + compressed);
    const content = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (content.length !== size) throw new Error(`zip: ${name} is ${content.length} bytes, its record says ${size}`);
    entries.set(name, content);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
