import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FileRow } from '../../db/schema/files';
import { contentDisposition, isPassiveType, parseRange } from './download-headers';

/**
 * Streams a stored file: Range requests answer 206 (so audio and video seek), the original name
 * travels in Content-Disposition, and only passive types (images but SVG, audio, video, PDF, plain
 * text) are ever shown inline: anything else is an octet-stream attachment.
 */
export async function sendFileDownload(
  reply: FastifyReply,
  file: FileRow,
  rangeHeader: string | undefined,
  forceAttachment: boolean,
  open: (range?: { start: number; end: number }) => Promise<Readable>,
) {
  const passive = isPassiveType(file.mimeType);
  reply.headers({
    'content-type': passive ? file.mimeType : 'application/octet-stream',
    'content-disposition': contentDisposition(passive && !forceAttachment ? 'inline' : 'attachment', file.originalName),
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-cache',
    'last-modified': file.uploadedAt.toUTCString(),
    // Even if a browser rendered it, a downloaded document gets no script and no same-origin powers.
    // A PDF keeps the browser's viewer (which a sandbox breaks); it may be framed by Genie's own
    // pages only, so a citation opens it inline at its page (issue 16's preview).
    ...(file.mimeType === 'application/pdf'
      ? { 'content-security-policy': "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'" }
      : { 'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'; sandbox" }),
  });
  const range = parseRange(rangeHeader, file.size);
  if (range.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${file.size}`)
      .type('application/json; charset=utf-8')
      .send({ error: 'That byte range is outside the file.', code: 'range_not_satisfiable' });
  }
  if (range.kind === 'partial') {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`).header('content-length', range.end - range.start + 1);
    return reply.send(await open({ start: range.start, end: range.end }));
  }
  reply.header('content-length', file.size);
  if (file.size === 0) return reply.send('');
  return reply.send(await open());
}
