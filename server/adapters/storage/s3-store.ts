import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import { ensureBrowserUploads } from './s3-browser-cors';
import type { ByteRange, ObjectInfo, ObjectStore } from './object-store';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/** S3's minimum part size (except the last): the most put() ever holds in memory at once. */
const PART_BYTES = 8 * 1024 * 1024;
const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Where the SDK's presigned URLs point, worked out from the settings alone (presigning one at start
 * could make the default credential chain call the cloud's metadata address): the endpoint itself
 * with path-style addressing, else the bucket as a subdomain of it, or AWS's own names.
 */
export function presignedUrlOrigins(options: Pick<S3StoreOptions, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): string[] {
  if (options.endpoint) {
    const endpoint = new URL(options.endpoint);
    return [options.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`];
  }
  // A bucket name with dots cannot be a TLS subdomain; the SDK then addresses it by path.
  if (options.bucket.includes('.')) return [`https://s3.${options.region}.amazonaws.com`, 'https://s3.amazonaws.com'];
  return [`https://${options.bucket}.s3.${options.region}.amazonaws.com`, `https://${options.bucket}.s3.amazonaws.com`];
}

/** Objects in any S3-compatible bucket; browsers upload straight to it with presigned PUT URLs. */
export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly origins: string[];

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.origins = presignedUrlOrigins(options);
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums on every PUT would make browser uploads to a presigned URL carry headers they cannot compute.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private checkKey(key: string) {
    if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
      throw new AppError('invalid_input', 'That object path is not valid.');
    }
  }

  /** Streams into a multipart upload one part at a time, so memory stays at one part. */
  async put(key: string, body: Readable, options: { maxBytes: number; contentType?: string }) {
    this.checkKey(key);
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType }),
    );
    const parts: { ETag?: string; PartNumber: number }[] = [];
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId, PartNumber, Body: Buffer.concat(pending) }),
      );
      parts.push({ ETag, PartNumber });
      pending = [];
      pendingBytes = 0;
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > options.maxBytes) throw new AppError('too_large', `The file is larger than ${options.maxBytes} bytes.`);
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= PART_BYTES) await flush();
      }
      if (pendingBytes > 0 || parts.length === 0) await flush();
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId })).catch(() => undefined);
      throw error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    this.checkKey(key);
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return result.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new AppError('not_found', 'That file was not found.');
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    this.checkKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: result.ContentLength ?? 0, lastModified: result.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    this.checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<{ key: string } & ObjectInfo> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }));
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async ping() {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return true;
    } catch {
      return false;
    }
  }

  presignPut(key: string, expiresInSeconds: number) {
    this.checkKey(key);
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: expiresInSeconds });
  }

  uploadOrigins() {
    return this.origins;
  }

  /** Lets the page at `origin` PUT to presigned URLs (s3-browser-cors.ts); a sentence when it cannot. */
  prepareBrowserUploads(origin: string) {
    return ensureBrowserUploads(this.client, this.bucket, origin);
  }

}
