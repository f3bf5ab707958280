import type { ReactNode } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,!?;:)\]}'"]+$/;

/**
 * Splits user text into plain strings and <a> elements for its http(s) URLs. Everything stays
 * text: React escapes the strings, and no HTML from users is ever parsed.
 */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    if (trailing) url = url.slice(0, -trailing.length);
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={`${start}-${url}`} href={url} target="_blank" rel="nofollow noopener noreferrer" className="break-all text-brand-soft underline underline-offset-2 hover:text-violet-200">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
