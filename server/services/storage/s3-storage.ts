import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { assertStorageKey, contentTypeOfKey, type FileStorage } from './file-storage';

export interface S3StorageConfig {
  bucket: string;
  /** null: AWS itself; else any S3-compatible store (MinIO, R2, Ceph…). */
  endpoint: string | null;
  region: string;
  /** null: the SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

/** S3 takes parts of at least 5 MiB (but the last): the parts we are given are gathered up to this. */
const PART_BYTES = 8 * 1024 * 1024;

const isMissing = (error: unknown) => error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey';

/** The parts given, gathered into parts of at least PART_BYTES (the last one smaller). */
async function* s3Parts(parts: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let gathered: Uint8Array[] = [];
  let size = 0;
  for await (const part of parts) {
    gathered.push(part);
    size += part.byteLength;
    if (size >= PART_BYTES) {
      yield Buffer.concat(gathered);
      gathered = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(gathered);
}

/** Files in an S3 bucket; every API node reads the same files. */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    /** A multipart upload: the object appears when it is completed, and an upload that fails is aborted. */
    async putParts(key, parts, contentType) {
      assertStorageKey(key);
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
      const uploaded: Array<{ ETag: string | undefined; PartNumber: number }> = [];
      let written = 0;
      try {
        for await (const body of s3Parts(parts)) {
          const PartNumber = uploaded.length + 1;
          const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: body }));
          uploaded.push({ ETag, PartNumber });
          written += body.byteLength;
        }
        if (uploaded.length === 0) {
          const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber: 1, Body: Buffer.alloc(0) }));
          uploaded.push({ ETag, PartNumber: 1 });
        }
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: uploaded } }));
        return written;
      } catch (error) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = await object.Body?.transformToByteArray();
        return bytes ? { body: Buffer.from(bytes), contentType: object.ContentType ?? contentTypeOfKey(key) } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          stream: Readable.fromWeb(object.Body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]),
          contentType: object.ContentType ?? contentTypeOfKey(key),
          sizeBytes: object.ContentLength ?? null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
