import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

const CONTENT_SECURITY_POLICY = [
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
  "frame-ancestors 'none'",
].join('; ');

/** Headers every response carries, errors and raw fast-path responses included. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins a browser may send state-changing, cookie-carrying requests from. */
export function requestOrigins(request: { headers: { host?: string }; protocol: string }, publicUrl: string): string[] {
  const origins = [new URL(publicUrl).origin];
  const host = request.headers.host;
  if (host) origins.push(`${request.protocol}://${host}`);
  return origins;
}

export function registerSecurity(app: FastifyInstance, options: { publicUrl: string; devOrigins?: string[] }) {
  // Headers on every response, errors and static files included.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    return payload;
  });

  // Cross-site request forgery: a cookie-carrying write from a foreign page is refused
  // before any handler runs. Browsers always send Origin on cross-origin writes.
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
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
