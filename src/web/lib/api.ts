import { actingStoreHeaders, NOT_A_MEMBER_CODE, setActingStore } from './acting-store.ts';
import { i18n } from './i18n.ts';
import type { ApiRoute, ParamsOf, ResponseOf } from './api-routes.ts';

/** Values in an error's message (`{ code: 'my-link' }`), for its translation by code. */
export type ErrorParams = Record<string, string | number>;

/** Every API error answers `{ error: { code, message, title?, params? } }`; this carries it to the UI. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string | undefined;
  readonly params: ErrorParams;

  constructor(status: number, code: string, message: string, title?: string, params: ErrorParams = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.title = title;
    this.params = params;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

interface ErrorPayload {
  error?: { code?: unknown; message?: unknown; title?: unknown; params?: unknown };
}

/** The string and number values of an error's params; anything else is left out. */
function paramsOf(value: unknown): ErrorParams {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string | number] => ['string', 'number'].includes(typeof entry[1])));
}

function fallbackMessage(status: number): string {
  if (status === 429) return 'Too many attempts. Please try again later.';
  if (status >= 500) return 'The server had a problem. Please try again.';
  return 'The request failed.';
}

/**
 * Asks the user for their password when the server wants it typed again before a sensitive change
 * (payout method, API keys); resolves true once confirmed. Set by PasswordConfirmationHost.
 */
let confirmPassword: (() => Promise<boolean>) | undefined;
export function setPasswordConfirmationHandler(handler: (() => Promise<boolean>) | undefined) {
  confirmPassword = handler;
}

/** Same-origin JSON fetch with the session cookie; throws ApiError on any non-2xx answer. */
export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    return await request<T>(path, options);
  } catch (error) {
    // The server asked for the password again: ask, then make the same request once more.
    if (error instanceof ApiError && error.code === 'password_confirmation_required' && confirmPassword && (await confirmPassword())) {
      return request<T>(path, options);
    }
    throw error;
  }
}

async function request<T>(path: string, options: ApiRequestOptions): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, headers } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        // The interface language: the server writes mails in it for guests and new accounts (receipts, confirmations).
        'Accept-Language': i18n.language || 'en',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        // The store a team member works on, for team routes only (lib/acting-store.ts).
        ...actingStoreHeaders(method, path),
        ...headers,
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

  if (!response.ok) throw apiErrorOf(response.status, payload);
  return payload as T;
}

/** The ApiError of a failed answer's JSON payload (null when it had none). */
export function apiErrorOf(status: number, payload: unknown): ApiError {
  const error = (payload as ErrorPayload | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : `http_${status}`;
  const message = typeof error?.message === 'string' && error.message ? error.message : fallbackMessage(status);
  const title = typeof error?.title === 'string' ? error.title : undefined;
  // No longer on that store's team: back to my own account (the switcher and pages follow).
  if (code === NOT_A_MEMBER_CODE) setActingStore(null);
  return new ApiError(status, code, message, title, paramsOf(error?.params));
}

/**
 * Errors every screen may meet, translated by code: the common namespace's `errors.<code>`, and
 * these for codes whose text there has another name. The API speaks English; in English the server's own
 * words are shown, in another language a feature's own `errors.<code>` (see localizeError) and else
 * these. Our server sends the generic codes (unauthorized, forbidden, not_found) only with their generic
 * words (src/server/platform/errors.ts), so they translate by code alone; `onlyFor` is left for
 * better-auth's invalid_email, which it also answers with other words.
 */
const TRANSLATED_ERRORS: Record<string, { text: (params: ErrorParams) => string; onlyFor?: string }> = {
  network_error: { text: () => i18n.t('errors.network') },
  rate_limited: { text: () => i18n.t('errors.tooManyAttempts') },
  http_429: { text: () => i18n.t('errors.tooManyAttempts') },
  internal_error: { text: () => i18n.t('errors.internal') },
  http_413: { text: () => i18n.t('errors.fileTooLarge') },
  unauthorized: { text: () => i18n.t('errors.unauthorized') },
  forbidden: { text: () => i18n.t('errors.forbidden') },
  not_found: { text: () => i18n.t('errors.notFound') },
  invalid_email_or_password: { text: () => i18n.t('errors.invalidCredentials') },
  email_not_verified: { text: () => i18n.t('errors.emailNotVerified') },
  user_already_exists: { text: () => i18n.t('errors.userExists') },
  user_already_exists_use_another_email: { text: () => i18n.t('errors.userExists') },
  invalid_email: { text: () => i18n.t('errors.invalidEmail'), onlyFor: 'Invalid email' },
  invalid_token: { text: () => i18n.t('errors.invalidToken') },
  token_expired: { text: () => i18n.t('errors.tokenExpired') },
  session_expired: { text: () => i18n.t('errors.sessionExpired') },
  payments_unavailable: { text: () => i18n.t('errors.paymentsUnavailable') },
  admin_two_factor_required: { text: () => i18n.t('errors.adminTwoFactorRequired') },
};

/** Whether the interface has its own words for this error's code (see TRANSLATED_ERRORS). */
export function hasTranslatedCode(error: ApiError): boolean {
  const known = TRANSLATED_ERRORS[error.code];
  return Boolean(known && (!known.onlyFor || known.onlyFor === error.message));
}

/** An ApiError's text in the interface language (see TRANSLATED_ERRORS). */
export function apiErrorText(error: ApiError): string {
  if (i18n.resolvedLanguage === 'en' || !i18n.resolvedLanguage) return error.message;
  if (i18n.exists(`common:errors.${error.code}`)) return i18n.t(`common:errors.${error.code}`, error.params);
  const known = TRANSLATED_ERRORS[error.code];
  if (known && (!known.onlyFor || known.onlyFor === error.message)) return known.text(error.params);
  if (/^http_5\d\d$/.test(error.code)) return i18n.t('errors.server');
  if (/^http_4\d\d$/.test(error.code) && error.message === fallbackMessage(error.status)) return i18n.t('errors.requestFailed');
  return error.message;
}

/** The message to show for any thrown value, in the interface language where it is known. */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return apiErrorText(error);
  if (error instanceof Error && error.message) return error.message;
  return fallback ?? i18n.t('errors.unexpected');
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

export interface CallOptions extends Omit<ApiRequestOptions, 'method'> {
  /** Query string values; undefined ones are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
}

/** `/api/products/:id` with `{ id }` filled in (encoded). */
export function fillPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
}

function withQuery(path: string, query: CallOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A request to a route of the API contract (src/shared/<feature>-api.ts): `call('GET /api/cart')`,
 * `call('DELETE /api/cart/items/:productId', { params: { productId } })`. The answer's type is the
 * route's response schema; the server checks its answers against that same schema.
 */
export function call<Route extends ApiRoute>(
  route: Route,
  ...[options]: keyof ParamsOf<Route> extends never ? [options?: CallOptions] : [options: CallOptions & { params: ParamsOf<Route> }]
): Promise<ResponseOf<Route>> {
  const key: string = route;
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as NonNullable<ApiRequestOptions['method']>;
  const { params, query, ...rest } = (options ?? {}) as CallOptions & { params?: Record<string, string> };
  return api<ResponseOf<Route>>(withQuery(fillPath(key.slice(space + 1), params), query), { ...rest, method });
}
