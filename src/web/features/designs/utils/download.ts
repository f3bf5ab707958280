import { DESIGN_MESSAGES } from '#shared/designs.ts';
import { coded } from '#shared/messages.ts';
import { MessageError } from '#web/lib/server-message.ts';

/** Starts a download of a data URL under `fileName`. */
export function downloadDataUrl(dataUrl: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** A PNG data URL as a Blob (without fetch, which the page's connect-src would refuse for data: URLs). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [header, base64 = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;]+)/.exec(header ?? '')?.[1] ?? 'application/octet-stream';
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

/** A file name without characters that file systems refuse. */
export const safeFileName = (name: string): string =>
  [...name]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? '-' : char))
    .join('')
    .trim() || 'design';

/** Reads a file as a data URL. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new MessageError(coded(DESIGN_MESSAGES, 'readFailed')));
    reader.readAsDataURL(file);
  });
}

/** The natural size of an image data URL. */
export function imageSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth || 1, height: image.naturalHeight || 1 });
    image.onerror = () => reject(new MessageError(coded(DESIGN_MESSAGES, 'notAnImage')));
    image.src = src;
  });
}
