import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (docs/design.md §1): a folder in DATA_DIR by default, any S3-compatible
 * store when S3_BUCKET is set. Keys are ours (e.g. 'logos/<uuid>.png'), never a name someone sent.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file and the type it was stored with, or null when there is none. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /**
   * Writes a file as its parts come (an export page by page, a PDF a sheet at a time), so no file is ever
   * whole in memory; the file appears only once every part is written. Answers the bytes written.
   */
  putParts(key: string, parts: AsyncIterable<Uint8Array>, contentType: string): Promise<number>;
  /** The file as a stream, its type and size, or null when there is none (a download never loads it whole). */
  open(key: string): Promise<StoredFileStream | null>;
}

export interface StoredFileStream {
  stream: Readable;
  contentType: string;
  sizeBytes: number | null;
}

/** Lower-case path segments of letters, digits, '-' and '_', ending in a known extension: no '..', no absolute path. */
const KEY = /^(?:[a-z0-9][a-z0-9_-]{0,99}\/){0,4}[a-z0-9][a-z0-9_-]{0,99}\.(?:png|jpg|webp|pdf|csv|xlsx|json|zip)$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** The type a key's extension stands for (what the local folder answers with). */
export const contentTypeOfKey = (key: string): string => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
