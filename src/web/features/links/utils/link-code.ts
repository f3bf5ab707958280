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

/** The dashboard page of one of the user's links (its code, and its links domain when it has one). */
export function linkDetailsPath(link: { code: string; domain?: string | null }): string {
  const path = `/zerrilink-dashboard/links/${encodeURIComponent(link.code)}`;
  return link.domain ? `${path}?${new URLSearchParams({ domain: link.domain }).toString()}` : path;
}

/** This deployment's host name, as the domain choice names it ("zerri.example" for this site's /z/ links). */
export function siteHost(publicUrl?: string): string {
  return new URL(publicUrl || window.location.origin).host;
}

/** The full short URL of a links domain's code (https://go.example.com/abc, on this site's scheme). */
export function shortUrlOnDomain(code: string, domain: string, publicUrl?: string): string {
  return shortUrl(publicUrl || window.location.origin, code, domain);
}

/** The full short URL of a code on this deployment ({origin}/z/{code}). */
export function shortUrlOf(code: string, publicUrl?: string): string {
  return shortUrl(publicUrl || window.location.origin, code);
}
