import { actingStoreHeaders } from './acting-store.ts';
import { ApiError } from './api.ts';

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  /** Called with 0…1 as the request body goes out (XMLHttpRequest upload progress). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function fallbackMessage(status: number): string {
  if (status === 413) return 'The file is too large.';
  if (status === 429) return 'Too many attempts. Please try again later.';
  if (status >= 500) return 'The server had a problem. Please try again.';
  return 'The request failed.';
}

/**
 * Sends multipart form data with the session cookie and reports upload progress; fetch cannot
 * report it, so this uses XMLHttpRequest. Throws ApiError on any non-2xx answer, like `api()`.
 */
export function uploadForm<T>(path: string, body: FormData, { method = 'POST', onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(actingStoreHeaders(method, path))) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress?.(1);

    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as T);
        return;
      }
      const error = (payload as { error?: { code?: unknown; message?: unknown; title?: unknown } } | null)?.error;
      reject(
        new ApiError(
          xhr.status,
          typeof error?.code === 'string' ? error.code : `http_${xhr.status}`,
          typeof error?.message === 'string' && error.message ? error.message : fallbackMessage(xhr.status),
          typeof error?.title === 'string' ? error.title : undefined,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));

    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
