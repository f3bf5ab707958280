import { shortUrl } from '#shared/links.ts';

/**
 * What the visitor typed in the check form: a bare code, or a whole short URL
 * (`https://host/z/abc123`, with or without a scheme) from which the part after /z/ is taken.
 */
export function codeFromInput(raw: string): string {
  const value = raw.trim();
  const match = /(?:^|\/)z\/([^/?#\s]*)/i.exec(value);
  const code = match ? match[1]! : value;
  try {
    return decodeURIComponent(code).replace(/\+$/, '');
  } catch {
    return code.replace(/\+$/, '');
  }
}

/** The full short URL of a code on this deployment ({origin}/z/{code}). */
export function shortUrlOf(code: string, publicUrl?: string): string {
  return shortUrl(publicUrl || window.location.origin, code);
}
