import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../storage/s3-storage';
import { isBackupName } from './backup-names';
import type { BackupTarget } from './backup-target';

export const S3_BACKUP_PREFIX = 'backups/';

/** S3 takes parts of at least 5 MiB (but the last). */
const PART_BYTES = 8 * 1024 * 1024;

async function* gathered(parts: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let pending: Uint8Array[] = [];
  let size = 0;
  for await (const part of parts) {
    pending.push(part);
    size += part.byteLength;
    if (size >= PART_BYTES) {
      yield Buffer.concat(pending);
      pending = [];
      size = 0;
    }
  }
  if (size > 0 || pending.length > 0) yield Buffer.concat(pending);
}

/**
 * Snapshots in the uploads' bucket, under `backups/`. A multipart upload: the object exists only once
 * completed, so a process killed half-way leaves an unfinished upload (aborted by the next backup),
 * never an object named as a backup.
 */
export function createS3Target(config: S3StorageConfig): BackupTarget {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;
  const keyOf = (name: string) => {
    if (!isBackupName(name)) throw new Error(`not a backup name: ${JSON.stringify(name)}`);
    return `${S3_BACKUP_PREFIX}${name}`;
  };
  return {
    kind: 's3',
    async write(name, parts) {
      const Key = keyOf(name);
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'application/gzip' }));
      const uploaded: Array<{ ETag: string | undefined; PartNumber: number }> = [];
      let written = 0;
      try {
        for await (const Body of gathered(parts)) {
          const PartNumber = uploaded.length + 1;
          const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body }));
          uploaded.push({ ETag, PartNumber });
          written += Body.byteLength;
        }
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: uploaded } }));
        return written;
      } catch (error) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
        throw error;
      }
    },
    async list() {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: S3_BACKUP_PREFIX, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(S3_BACKUP_PREFIX.length) ?? '';
          if (isBackupName(name)) names.push(name);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names.sort();
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
    async cleanPartials() {
      let Uploads: Array<{ Key?: string; UploadId?: string }> | undefined;
      try {
        ({ Uploads } = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: S3_BACKUP_PREFIX })));
      } catch (error) {
        // Some S3-compatible stores do not list unfinished uploads (NotImplemented); a bucket lifecycle rule
        // (AbortIncompleteMultipartUpload, docs/deploy.md "Backups") removes them there. An unfinished upload is
        // never an object, so no half backup is ever listed or restored either way.
        if ((error as { name?: string }).name === 'NotImplemented') return 0;
        throw error;
      }
      for (const upload of Uploads ?? []) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
      }
      return Uploads?.length ?? 0;
    },
    locationOf: (name) => `s3://${Bucket}/${keyOf(name)}`,
  };
}
