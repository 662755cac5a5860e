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
}

/** Lower-case path segments of letters, digits, '-' and '_', ending in a known extension: no '..', no absolute path. */
const KEY = /^(?:[a-z0-9][a-z0-9_-]{0,99}\/){0,4}[a-z0-9][a-z0-9_-]{0,99}\.(?:png|jpg|webp|pdf|csv|xlsx|json)$/;

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
};

/** The type a key's extension stands for (what the local folder answers with). */
export const contentTypeOfKey = (key: string): string => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
