import type { StorageConfig } from '../../config';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

/** The configured file storage: DATA_DIR/uploads, or the S3 bucket S3_BUCKET names. */
export const createStorage = (config: StorageConfig): FileStorage =>
  config.kind === 'local' ? createLocalStorage(config.dir) : createS3Storage(config);
