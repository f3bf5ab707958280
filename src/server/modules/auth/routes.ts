import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES } from '#shared/auth.ts';
import { meSchema, noContentSchema } from '#shared/auth-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { mailSender } from '../../platform/mail-throttle.ts';
import { confirmPassword } from '../../platform/password-confirmation.ts';
import { rateLimitError } from '../../platform/rate-limits.ts';
import { errorBody } from '../../platform/errors.ts';
import { assertNotSuspendedSession, getSessionUser } from '../../platform/session.ts';
import { currentUser } from './service.ts';
import { createSignInGuard } from './sign-in-guard.ts';

/** better-auth paths whose requests send a mail to the address in the body. */
const MAIL_PATHS = new Set(['/api/auth/sign-up/email', '/api/auth/send-verification-email', '/api/auth/request-password-reset']);
const SIGN_IN_PATH = '/api/auth/sign-in/email';
/** GETs that write: each passkey ceremony stores a challenge. They count like the writes. */
const STATEFUL_GETS = ['/api/auth/passkey/generate-'];

/**
 * The path better-auth will route: duplicate slashes collapsed and no trailing slash. Dot segments
 * and encoded separators never get here (refused before routing, platform/security.ts). The
 * limits below classify this path, and this path is what better-auth is given, so the two agree.
 */
export function canonicalAuthPath(url: string): { path: string; search: string } {
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const path = rawPath.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  return { path, search: queryAt === -1 ? '' : url.slice(queryAt) };
}

/** Writes, and the GETs that store something, count against the per-IP limit; other reads do not. */
const countsAgainstLimit = (request: FastifyRequest) =>
  request.method === 'POST' || STATEFUL_GETS.some((prefix) => canonicalAuthPath(request.url).path.toLowerCase().startsWith(prefix));

const bodyEmail = (body: unknown) => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
};

/** better-auth answers `{ message, code }`; the API everywhere answers `{ error: { code, message } }`. */
function toErrorBody(status: number, text: string) {
  let parsed: { message?: string; code?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // not JSON: keep the defaults below
  }
  const message = parsed.message || (status === 429 ? 'Too many attempts. Please try again later.' : 'The request failed.');
  return errorBody((parsed.code ?? 'auth_error').toLowerCase(), message);
}

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Every write to the auth API counts against the client's per-IP limit (sign-in, sign-up, resets,
  // confirmation mails, two-factor codes, ...); sign-ins also count per account (sign-in-guard.ts).
  // One count for both routes below (a route's own `config.rateLimit` would count per route).
  const limit = app.rateLimit({
    max: ctx.config.AUTH_RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    keyGenerator: (request) => `auth:${request.ip}`,
    allowList: (request) => !countsAgainstLimit(request),
    errorResponseBuilder: rateLimitError(AUTH_MESSAGES.tooManyAttempts),
  });
  const signInGuard = createSignInGuard(ctx);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    preHandler: limit,
    handler: async (request, reply) => {
      const { path, search } = canonicalAuthPath(request.url);
      const route = path.toLowerCase();
      const email = request.method === 'POST' ? bodyEmail(request.body) : undefined;
      if (route === SIGN_IN_PATH && email) await signInGuard.assertOpen(email);
      if (MAIL_PATHS.has(route) && email) await ctx.mailThrottle.take(email, mailSender(request, await getSessionUser(ctx.auth, request)));
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.append(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await ctx.auth.handler(
        new Request(new URL(path + search, ctx.config.PUBLIC_URL), {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        }),
      );
      if (route === SIGN_IN_PATH && email) {
        if (response.status === 401) await signInGuard.failed(email, request.log);
        else if (response.ok) await signInGuard.succeeded(email);
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      if (response.status >= 400) return reply.send(toErrorBody(response.status, text));
      return reply.send(text || null);
    },
  });

  // The password typed again before a sensitive change (platform/password-confirmation.ts).
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/me/password-confirmation',
    { schema: { body: z.object({ password: z.string().max(256) }), response: { 204: noContentSchema } }, preHandler: limit },
    async (request, reply) => {
      await confirmPassword(ctx, request, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/me',
    { schema: { response: { 200: meSchema } } },
    // Signed out is an answer, not an error: { user: null } (no failed request on every public page);
    // a session ended by a suspension is the one exception (403 account_suspended), so the web can say why.
    async (request) => {
      const session = await getSessionUser(ctx.auth, request);
      if (!session) await assertNotSuspendedSession(request);
      return currentUser(ctx.database.db, session);
    },
  );
}
