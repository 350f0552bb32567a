import type { Readable } from 'node:stream';

export interface ObjectInfo {
  size: number;
  lastModified: Date;
}

export interface ByteRange {
  start: number;
  /** Inclusive, as in an HTTP Range header. */
  end: number;
}

/**
 * Where file bytes live: local disk by default, any S3-compatible store when configured. Keys
 * are ours alone (`users/<userId>/<uuid>`); callers never pass a client-supplied path through.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Streams a body in; rejects with a too_large AppError past maxBytes, keeping nothing. */
  put(key: string, body: Readable, options: { maxBytes: number; contentType?: string }): Promise<{ size: number }>;
  /** Streams an object (or a byte range of it) out. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and time of an object, or null when it does not exist. */
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** Every object under a prefix: what orphan cleanup walks. */
  list(prefix: string): AsyncIterable<{ key: string } & ObjectInfo>;
  /** True when the store answers. */
  ping(): Promise<boolean>;
  /**
   * A URL the browser can PUT one object's bytes to directly (S3's presigned PUT). Stores without
   * it receive uploads through Genie's own signed URL, which streams into put().
   */
  presignPut?(key: string, expiresInSeconds: number): Promise<string>;
  /** The origins presigned URLs point at, which the page's Content-Security-Policy must allow. */
  uploadOrigins?(): string[];
  /**
   * Stores the browser uploads to directly make sure the page at `origin` may (S3: CORS rules).
   * Resolves with a sentence for the log when it may not.
   */
  prepareBrowserUploads?(origin: string): Promise<string | null>;
  /** Stores with directories (local disk) remove a prefix's directory once it holds nothing. */
  removeEmptyPrefix?(prefix: string): Promise<void>;
  /** Removes half-written temporary files older than a moment; returns how many went. */
  sweepTemporary?(olderThan: Date): Promise<number>;
}
