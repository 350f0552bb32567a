import { join } from 'node:path';
import type { Config } from '../../config';
import { LocalDiskStore } from './local-disk-store';
import type { ObjectStore } from './object-store';

/**
 * S3 when S3_BUCKET is configured, local disk under DATA_DIR/objects otherwise. The AWS SDK loads
 * only for S3 (~30 MB resident an embedded Genie never needs).
 */
export async function createObjectStore(config: Config): Promise<ObjectStore> {
  if (config.S3_BUCKET) {
    const { S3Store } = await import('./s3-store');
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
