/**
 * Bulk import of links from a CSV file (the ZerriLink issue): our own columns (url, code, tags with
 * `;` between names) or a Bitly export (long_url / "Long URL", link / Bitlink, title, tags, created).
 * The header row names the columns, in any order and letter case; other columns are ignored.
 */

/** Header names → what they hold; spaces and hyphens read as underscores. */
const URL_COLUMNS = ['url', 'long_url', 'destination', 'original_url', 'target_url'];
const CODE_COLUMNS = ['code', 'short_code', 'custom_code', 'back_half', 'alias'];
/** A short link of another service (Bitly's "link" / "Bitlink"): its path becomes the code. */
const LINK_COLUMNS = ['link', 'bitlink', 'short_link', 'short_url'];
const TAG_COLUMNS = ['tags', 'tag'];

export interface ImportColumns {
  url: number;
  code?: number;
  link?: number;
  tags?: number;
  /** A Bitly export: its tags may be separated by commas too. */
  bitly: boolean;
}

export interface ImportRow {
  url: string;
  code?: string;
  tags: string[];
}

const headerName = (raw: string) => raw.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** Where each column is, from the header row; undefined without a url column. */
export function importColumns(header: string[]): ImportColumns | undefined {
  const names = header.map(headerName);
  const find = (candidates: string[]) => {
    const index = names.findIndex((name) => candidates.includes(name));
    return index < 0 ? undefined : index;
  };
  const url = find(URL_COLUMNS);
  if (url === undefined) return undefined;
  return { url, code: find(CODE_COLUMNS), link: find(LINK_COLUMNS), tags: find(TAG_COLUMNS), bitly: names.includes('long_url') || names.includes('bitlink') };
}

/** The code of another service's short link: its path without slashes ("bit.ly/3abcXyz" → "3abcXyz"). */
export function codeOfShortLink(link: string): string | undefined {
  const value = link.trim();
  if (!value) return undefined;
  try {
    const path = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`).pathname;
    const code = decodeURIComponent(path).replace(/^\/+|\/+$/g, '');
    return code || undefined;
  } catch {
    return undefined;
  }
}

/** One record as a link to create: an empty code cell means a random code. */
export function importRow(record: string[], columns: ImportColumns): ImportRow {
  const cell = (index: number | undefined) => (index === undefined ? '' : (record[index] ?? '').trim());
  const code = cell(columns.code) || (columns.link !== undefined ? codeOfShortLink(cell(columns.link)) : undefined);
  const separator = columns.bitly ? /[;,]/ : /;/;
  const tags = cell(columns.tags)
    .split(separator)
    .map((name) => name.trim())
    .filter(Boolean);
  return { url: cell(columns.url), ...(code ? { code } : {}), tags };
}

/** A record with nothing in it (a blank line): skipped, not reported. */
export const isBlankRecord = (record: string[]) => record.every((value) => value.trim() === '');
