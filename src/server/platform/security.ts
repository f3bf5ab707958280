import { AUDIENCE_UNSUBSCRIBE_PATH } from '#shared/audience.ts';
import { isEmbedPage } from '#shared/embed.ts';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError, errorBody } from './errors.ts';
import { EDGE_MESSAGES } from '#shared/edge.ts';

const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];
const CONTENT_SECURITY_POLICY = [...APP_POLICY, "frame-ancestors 'none'"].join('; ');

const BASE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * The embed's pages (Buy now and its receipt, under /embed/) are framed by creators' own sites, any
 * of them: the same policy, any http(s) page as an ancestor, and no X-Frame-Options (decision 032).
 */
const FRAMEABLE_HEADERS: Readonly<Record<string, string>> = (() => {
  const { 'X-Frame-Options': _refused, ...rest } = BASE_HEADERS;
  return { ...rest, 'Content-Security-Policy': [...APP_POLICY, 'frame-ancestors http: https:'].join('; ') };
})();

/** Browsers keep to https for a year once a production site on https said so. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** HSTS only where the site is served over https in production (never on a developer's localhost). */
export const usesHsts = (config: { isProduction: boolean; PUBLIC_URL: string }) =>
  config.isProduction && config.PUBLIC_URL.startsWith('https://');

/** Headers every response carries, errors and raw fast-path responses included. */
export function securityHeaders(options: { hsts: boolean }): Readonly<Record<string, string>> {
  return options.hsts ? { ...BASE_HEADERS, 'Strict-Transport-Security': HSTS } : BASE_HEADERS;
}

/** The headers of the embed's pages, which other sites may frame. */
export function frameableSecurityHeaders(options: { hsts: boolean }): Readonly<Record<string, string>> {
  return options.hsts ? { ...FRAMEABLE_HEADERS, 'Strict-Transport-Security': HSTS } : FRAMEABLE_HEADERS;
}

/**
 * The headers of a 302 a fast path writes (a short link's, a custom domain's): it has no body, so
 * nothing for a browser to render, frame or run; a policy that allows nothing says so in a fifth of the
 * bytes of the pages' one (the headers are most of what a redirect writes). The Referrer-Policy
 * applies to the redirect's target.
 */
export function redirectSecurityHeaders(options: { hsts: boolean }): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': BASE_HEADERS['Referrer-Policy']!,
    ...(options.hsts ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

// Control characters other than tab, newline and carriage return (the last two make a line break).
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// A '.' or '..' segment, also percent-encoded, and an encoded slash or backslash: the router and
// better-auth would resolve them to another path than the one the rate limits look at.
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;
const ENCODED_SEPARATOR = /%2f|%5c|\\/i;
// Every refusal below needs one of these in the target; most targets (every short link's) have none.
// eslint-disable-next-line no-control-regex -- control characters are among them
const MAY_BE_REFUSED = /[%.\\\u0000-\u001F\u007F]/;

export { EDGE_MESSAGES };

/**
 * Why a request target (path and query) is refused before routing, or undefined when it is fine:
 * dot segments, encoded separators, malformed percent-encoding, control characters.
 */
export function requestTargetProblem(url: string): { code: string; message: string } | undefined {
  if (!MAY_BE_REFUSED.test(url)) return undefined;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (DOT_SEGMENT.test(path) || ENCODED_SEPARATOR.test(path)) return { code: 'invalid_path', message: EDGE_MESSAGES.invalidPath };
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.replace(/\+/g, ' '));
  } catch {
    return { code: 'invalid_path', message: EDGE_MESSAGES.invalidPath };
  }
  if (CONTROL_CHARACTERS.test(decoded)) return { code: 'invalid_characters', message: EDGE_MESSAGES.controlCharacters };
  return undefined;
}

export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text);

/** Deepest nesting a JSON body may have; real bodies here stay under ten. */
export const JSON_MAX_DEPTH = 64;

/** True when the JSON text nests arrays and objects deeper than `max`, found without parsing it. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \\ */) i++;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 /* { */ || char === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (char === 125 /* } */ || char === 93 /* ] */) depth--;
  }
  return false;
}

/** True when any string (or key) inside a parsed JSON value holds a control character. */
export function jsonHasControlCharacters(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (CONTROL_CHARACTERS.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    }
    else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (CONTROL_CHARACTERS.test(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins a browser may send state-changing, cookie-carrying requests from. */
export function requestOrigins(request: { headers: { host?: string }; protocol: string }, publicUrl: string): string[] {
  const origins = [new URL(publicUrl).origin];
  const host = request.headers.host;
  if (host) origins.push(`${request.protocol}://${host}`);
  return origins;
}

export function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string; devOrigins?: string[]; headers: Readonly<Record<string, string>>; frameableHeaders: Readonly<Record<string, string>> },
) {
  // Headers on every response, errors and static files included; only the embed's pages may be framed.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(isEmbedPage(request.url) ? options.frameableHeaders : options.headers);
    return payload;
  });

  // JSON bodies: too deep a nesting is refused before the recursive parse (a stack overflow), and
  // control characters inside strings are refused like those in the address (see requestTargetProblem).
  const parseJson = app.getDefaultJsonParser('error', 'error'); // keeps the prototype-poisoning checks
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    if (jsonNestsDeeperThan(text as string, JSON_MAX_DEPTH)) return done(new AppError(400, 'body_too_deep', EDGE_MESSAGES.tooDeep));
    parseJson(request, text as string, (error, parsed) => {
      if (error) return done(error);
      if (jsonHasControlCharacters(parsed)) return done(new AppError(400, 'invalid_characters', EDGE_MESSAGES.controlCharacters));
      done(null, parsed);
    });
  });

  // Cross-site request forgery: a cookie-carrying write from a foreign page is refused
  // before any handler runs. Browsers always send Origin on cross-origin writes.
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    // RFC 8058 one-click unsubscribe: a mail provider (or a web mail page carrying our cookies) POSTs it
    // from anywhere; its signed token is the whole permission, and it only ever takes an address off a list.
    if (request.url.split('?')[0] === AUDIENCE_UNSUBSCRIBE_PATH) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (!origin) return;
    const allowed = [...requestOrigins(request, options.publicUrl), ...(options.devOrigins ?? [])];
    if (!allowed.includes(origin)) {
      return reply.status(403).send(errorBody('forbidden_origin', 'This request came from a site that is not allowed.'));
    }
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/** A 400 written straight to the socket, for requests refused before Fastify routes them. */
export function refuseRequest(response: ServerResponse, headers: Readonly<Record<string, string>>, problem: { code: string; message: string }) {
  const body = JSON.stringify(errorBody(problem.code, problem.message));
  response.writeHead(400, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
  response.end(body);
}
