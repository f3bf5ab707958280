import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A user's file name made safe to show and to offer as a download name (never used as a path). */
export function safeFileName(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/')).replace(/[^\w.\- ()]+/g, '_').trim();
  return (base || 'download').slice(0, 120);
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Sends a file as a download: never cached on the way, never shown inline, and its address (which
 * may carry a signed token) never passed on as a referrer.
 */
export function sendDownload(reply: FastifyReply, file: { body: Readable | Buffer; fileName: string; size?: number; type?: string }) {
  if (file.size !== undefined) reply.header('Content-Length', String(file.size));
  return reply
    .header('Content-Type', file.type ?? 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('Cache-Control', 'private, no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(file.body);
}
