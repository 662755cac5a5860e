import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { assertStorageKey, contentTypeOfKey, type FileStorage } from './file-storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files in a folder (DATA_DIR/uploads): written to a temporary name and renamed, so a crash never leaves half a file. */
export function createLocalStorage(dir: string): FileStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(dir, ...key.split('/'));
  };
  /** Writes through a temporary file renamed into place once whole (removed if writing fails). */
  const atomically = async (key: string, write: (temporary: string) => Promise<void>) => {
    const path = pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      await write(temporary);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };
  return {
    kind: 'local',
    async put(key, body) {
      await atomically(key, (temporary) => writeFile(temporary, body));
    },
    async putParts(key, parts) {
      let written = 0;
      await atomically(key, async (temporary) => {
        const counted = async function* () {
          for await (const part of parts) {
            written += part.byteLength;
            yield part;
          }
        };
        await pipeline(Readable.from(counted()), createWriteStream(temporary));
      });
      return written;
    },
    async get(key) {
      try {
        return { body: await readFile(pathOf(key)), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), contentType: contentTypeOfKey(key), sizeBytes: size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
