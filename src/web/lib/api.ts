/** Every API error answers `{ error: { code, message, title? } }`; this carries it to the UI. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string | undefined;

  constructor(status: number, code: string, message: string, title?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.title = title;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

interface ErrorPayload {
  error?: { code?: unknown; message?: unknown; title?: unknown };
}

function fallbackMessage(status: number): string {
  if (status === 429) return 'Too many attempts. Please try again later.';
  if (status >= 500) return 'The server had a problem. Please try again.';
  return 'The request failed.';
}

/** Same-origin JSON fetch with the session cookie; throws ApiError on any non-2xx answer. */
export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }

  const text = await response.text();
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }

  if (!response.ok) {
    const error = (payload as ErrorPayload | null)?.error;
    const code = typeof error?.code === 'string' ? error.code : `http_${response.status}`;
    const message = typeof error?.message === 'string' && error.message ? error.message : fallbackMessage(response.status);
    const title = typeof error?.title === 'string' ? error.title : undefined;
    throw new ApiError(response.status, code, message, title);
  }
  return payload as T;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback = 'An unexpected error occurred. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);
