import path from 'node:path';

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
