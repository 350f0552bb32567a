import { request } from 'node:http';

/** Zero bytes in 1 MiB chunks, optionally paced, written to a request as they are produced. */
export interface UploadBody {
  size: number;
  /** Milliseconds to wait between 1 MiB chunks (0: as fast as the socket takes them). */
  paceMs?: number;
  /** Called after each chunk is written, with the bytes written so far. */
  onProgress?: (written: number) => void;
}

/** PUTs a generated body, or the given bytes, to an upload URL (relative to baseUrl) over real HTTP. */
export function putUpload(baseUrl: string, uploadURL: string, contentType: string, body: UploadBody | Buffer): Promise<{ status: number; text: string }> {
  const url = new URL(uploadURL, baseUrl);
  const size = Buffer.isBuffer(body) ? body.length : body.size;
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    const req = request(
      { method: 'PUT', host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { 'content-type': contentType, 'content-length': size } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    if (Buffer.isBuffer(body)) {
      req.end(body);
      return;
    }
    let written = 0;
    const writeMore = async () => {
      while (written < body.size) {
        const piece = Math.min(chunk.length, body.size - written);
        const ok = req.write(piece === chunk.length ? chunk : chunk.subarray(0, piece));
        written += piece;
        body.onProgress?.(written);
        if (!ok) await new Promise((r) => req.once('drain', r));
        if (body.paceMs) await new Promise((r) => setTimeout(r, body.paceMs));
        if (req.destroyed) return;
      }
      req.end();
    };
    void writeMore();
  });
}

/** SPEC §7's whole upload flow over HTTP: upload URL, PUT (by `put`), upload-complete, file record. */
async function uploadThrough(
  baseUrl: string,
  cookie: string,
  file: { name: string; type: string; size: number },
  put: (uploadURL: string) => Promise<{ status: number; text: string }>,
): Promise<{ id: string; size: number }> {
  const headers = { cookie, 'content-type': 'application/json' };
  const urlResponse = await fetch(`${baseUrl}/api/objects/upload`, { method: 'POST', headers: { cookie } });
  if (urlResponse.status !== 200) throw new Error(`upload URL: ${urlResponse.status} ${await urlResponse.text()}`);
  const { uploadURL } = (await urlResponse.json()) as { uploadURL: string };
  const stored = await put(uploadURL);
  if (stored.status !== 200) throw new Error(`PUT: ${stored.status} ${stored.text}`);
  const complete = await fetch(`${baseUrl}/api/files/upload-complete`, { method: 'PUT', headers, body: JSON.stringify({ fileURL: uploadURL }) });
  if (complete.status !== 200) throw new Error(`complete: ${complete.status} ${await complete.text()}`);
  const { objectPath } = (await complete.json()) as { objectPath: string };
  const record = await fetch(`${baseUrl}/api/files`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ originalName: file.name, mimeType: file.type, size: file.size, objectPath }),
  });
  if (record.status !== 201) throw new Error(`record: ${record.status} ${await record.text()}`);
  return (await record.json()) as { id: string; size: number };
}

/** The upload flow for a generated text body (see UploadBody). */
export function uploadFile(baseUrl: string, cookie: string, name: string, body: UploadBody) {
  return uploadThrough(baseUrl, cookie, { name, type: 'text/plain', size: body.size }, (uploadURL) => putUpload(baseUrl, uploadURL, 'text/plain', body));
}

/** The upload flow for the given bytes: returns the file record's id and size. */
export function uploadBytes(baseUrl: string, cookie: string, file: { name: string; type: string; bytes: Buffer }) {
  return uploadThrough(baseUrl, cookie, { name: file.name, type: file.type, size: file.bytes.length }, async (uploadURL) => {
    const put = await fetch(new URL(uploadURL, baseUrl), { method: 'PUT', headers: { 'content-type': file.type }, body: new Uint8Array(file.bytes) });
    return { status: put.status, text: await put.text() };
  });
}
