import { actingStoreHeaders } from './acting-store.ts';
import { apiErrorOf } from './api.ts';

/** Offers the file at `href` (a blob: or data: address) to the browser as a download named `fileName`. */
export function downloadUrl(href: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/** Offers `blob` to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name of a Content-Disposition header: the exact UTF-8 one (RFC 6266), else the ASCII one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] || fallback;
}

/**
 * A download from the API that has to name the store a team member works on: a plain link cannot
 * send the X-Zerri-Account header, so the file is fetched and saved. Undefined when no header is
 * needed (the link's own download is the better one then: streamed by the browser).
 */
export function storeDownload(path: string): (() => Promise<void>) | undefined {
  const headers = actingStoreHeaders('GET', path);
  if (Object.keys(headers).length === 0) return undefined;
  return async () => {
    const response = await fetch(path, { credentials: 'same-origin', headers });
    if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => null));
    saveFile(await response.blob(), fileNameOf(response.headers.get('Content-Disposition'), path.split('/').at(-1) ?? 'download'));
  };
}
