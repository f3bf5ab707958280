import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values in HTML the server writes: every character that could end one is escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

/** A page the server writes, gzipped when the browser takes it (the app's files are compressed at build time). */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const vary = reply.getHeader('Vary');
  reply.type('text/html; charset=utf-8').header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(html);
  return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
}
