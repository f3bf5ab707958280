import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError, errorBody } from '../../platform/errors.ts';
import { getSessionUser } from '../../platform/session.ts';
import { getCurrentUser } from '../profiles/queries.ts';

/** Paths of better-auth that take a password; they are rate-limited per client IP. */
const CREDENTIAL_PATHS = ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset'];

const isCredentialRequest = (request: FastifyRequest) =>
  request.method === 'POST' && CREDENTIAL_PATHS.includes(request.url.split('?')[0]!);

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
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: {
      rateLimit: {
        max: ctx.config.AUTH_RATE_LIMIT_MAX,
        timeWindow: '1 minute',
        allowList: (request: FastifyRequest) => !isCredentialRequest(request),
        errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
          new AppError(429, 'rate_limited', `Too many attempts. Please wait ${context.after} and try again.`),
      },
    },
    handler: async (request, reply) => {
      const url = new URL(request.url, ctx.config.PUBLIC_URL);
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.append(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await ctx.auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        }),
      );
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

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/me',
    { schema: { response: { 200: z.object({ user: z.any() }) } } },
    // Signed out is an answer, not an error: { user: null } (no failed request on every public page).
    async (request) => {
      const session = await getSessionUser(ctx.auth, request);
      if (!session) return { user: null };
      return { user: (await getCurrentUser(ctx.database.db, session.id)) ?? null };
    },
  );
}
