import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { createStorage } from '../../server/services/storage/create-storage';
import type { FileStorage } from '../../server/services/storage/file-storage';

/**
 * The file storage (docs/design.md §1) behaves the same on the local folder and on an S3 bucket; the
 * S3 one runs against s3rver, a local server speaking the S3 protocol.
 */

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'semear-storage-'));
  dirs.push(dir);
  return dir;
};
let s3: S3rver;
let endpoint = '';

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: scratch(),
    configureBuckets: [{ name: 'semear-uploads', configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const storages: Array<[string, () => FileStorage]> = [
  ['the local folder', () => createStorage({ kind: 'local', dir: join(scratch(), 'uploads') })],
  [
    'an S3 bucket',
    () =>
      createStorage({
        kind: 's3',
        bucket: 'semear-uploads',
        endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
      }),
  ],
];

describe.each(storages)('file storage on %s', (_name, make) => {
  it('keeps a file with its type, reads it back, and forgets it', async () => {
    const storage = make();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await storage.put('logos/2f9c0c7e-logo.png', png, 'image/png');
    const read = await storage.get('logos/2f9c0c7e-logo.png');
    expect(read?.contentType).toBe('image/png');
    expect(read && [...read.body]).toEqual([...png]);
    await storage.put('logos/2f9c0c7e-logo.png', Uint8Array.from([9]), 'image/png');
    expect([...((await storage.get('logos/2f9c0c7e-logo.png'))?.body ?? [])]).toEqual([9]);
    await storage.delete('logos/2f9c0c7e-logo.png');
    expect(await storage.get('logos/2f9c0c7e-logo.png')).toBeNull();
    await storage.delete('logos/2f9c0c7e-logo.png');
  });

  it('answers null for a file it never had', async () => {
    expect(await make().get('logos/none.png')).toBeNull();
  });

  it('refuses keys that are not ours: a way out of the folder, an absolute path, a page', async () => {
    const storage = make();
    for (const key of ['../secret.png', 'logos/../../x.png', '/etc/passwd.png', 'index.html', 'Logos/A.png', 'a\u0000.png', '']) {
      await expect(storage.put(key, Uint8Array.from([1]), 'image/png'), key).rejects.toThrow(/not a storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/not a storage key/);
    }
  });
});

it('the local folder never leaves a half-written file behind', async () => {
  const dir = join(scratch(), 'uploads');
  const storage = createStorage({ kind: 'local', dir });
  await Promise.all(Array.from({ length: 20 }, (_, i) => storage.put('logos/same.png', Uint8Array.from([i]), 'image/png')));
  expect(readdirSync(join(dir, 'logos'))).toEqual(['same.png']);
});
