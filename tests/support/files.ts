/** File-library helpers for API tests: real bytes, SPEC §7's upload flow through app.inject, folders. */
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import type { FileRecord } from '@contract/files';

/** A real 1×1 PNG: file-type recognises it from its signature. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** `size` zero bytes as a stream of 1 MiB chunks: a large body that is never one buffer. */
export function zeroStream(size: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      this.push(piece);
    },
  });
}

/** PUTs bytes to an upload URL: Genie's own (relative, through inject) or a presigned S3 URL (real HTTP). */
export async function putToUploadUrl(
  app: FastifyInstance,
  uploadURL: string,
  body: Buffer | Readable,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  if (uploadURL.startsWith('/')) {
    const response = await app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': contentType, ...headers }, payload: body });
    return { status: response.statusCode, body: response.body };
  }
  const response = await fetch(uploadURL, {
    method: 'PUT',
    headers: { 'content-type': contentType, ...headers },
    body: body instanceof Readable ? (Readable.toWeb(body) as ReadableStream) : body,
    // Node's fetch needs this for a streamed request body.
    ...(body instanceof Readable ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: response.status, body: await response.text() };
}

export async function requestUploadUrl(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`upload URL: ${response.statusCode} ${response.body}`);
  return response.json().uploadURL as string;
}

/** SPEC §7's whole flow for one file; the claimed type and size may lie. */
export async function uploadThroughApi(
  app: FastifyInstance,
  cookie: string,
  file: { name: string; bytes: Buffer; type: string; claimedSize?: number; folderId?: string | null; scope?: 'private' | 'team' },
): Promise<FileRecord> {
  const uploadURL = await requestUploadUrl(app, cookie);
  const put = await putToUploadUrl(app, uploadURL, file.bytes, file.type);
  if (put.status !== 200) throw new Error(`PUT: ${put.status} ${put.body}`);
  const complete = await app.inject({ method: 'PUT', url: '/api/files/upload-complete', headers: { cookie }, payload: { fileURL: uploadURL } });
  if (complete.statusCode !== 200) throw new Error(`complete: ${complete.statusCode} ${complete.body}`);
  const { objectPath } = complete.json() as { objectPath: string };
  const record = await app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { cookie },
    payload: {
      originalName: file.name,
      storedName: objectPath.split('/').pop(),
      mimeType: file.type,
      size: file.claimedSize ?? file.bytes.length,
      folderId: file.folderId ?? null,
      objectPath,
      ...(file.scope ? { scope: file.scope } : {}),
    },
  });
  if (record.statusCode !== 201) throw new Error(`record: ${record.statusCode} ${record.body}`);
  return record.json() as FileRecord;
}

export async function createFolder(app: FastifyInstance, cookie: string, name: string, parentId?: string, scope?: 'private' | 'team') {
  const response = await app.inject({ method: 'POST', url: '/api/folders', headers: { cookie }, payload: { name, parentId, ...(scope ? { scope } : {}) } });
  if (response.statusCode !== 201) throw new Error(`folder: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; name: string; parentId: string | null };
}

/** The object key (`users/<user>/<object>`) an upload URL points at, relative or absolute. */
export const objectKeyOfUploadUrl = (uploadURL: string) => new URL(uploadURL, 'http://x').pathname.match(/users\/.+$/)![0];
