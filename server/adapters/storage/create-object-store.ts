import { join } from 'node:path';
import type { Config } from '../../config';
import { LocalDiskStore } from './local-disk-store';
import type { ObjectStore } from './object-store';
import { S3Store } from './s3-store';

/** S3 when S3_BUCKET is configured, local disk under DATA_DIR/objects otherwise. */
export function createObjectStore(config: Config): ObjectStore {
  if (config.S3_BUCKET) {
    return new S3Store({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskStore(join(config.DATA_DIR, 'objects'));
}
