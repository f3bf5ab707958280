import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '#shared/auth.ts';
import { apiKeyUser, bearerApiKey } from './api-keys.ts';
import type { Auth } from './auth.ts';
import { ForbiddenError, UnauthorizedError } from './errors.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The signed-in user of this request, or null; looked up once per request. */
export function getSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookup(auth, request);
    cache.set(request, pending);
  }
  return pending;
}

async function lookup(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  // An API key was checked before the handler (registerApiKeyAuth); it stands for its owner.
  if (bearerApiKey(request.headers.authorization)) return apiKeyUser(request);
  if (!request.headers.cookie && !request.headers.authorization) return null;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const { id, email, name, emailVerified } = session.user;
  return { id, email, name, emailVerified, role: (session.user as { role?: Role }).role ?? 'user' };
}

export async function requireUser(auth: Auth, request: FastifyRequest, message?: string): Promise<SessionUser> {
  const user = await getSessionUser(auth, request);
  if (!user) throw new UnauthorizedError(message);
  return user;
}

export async function requireRole(auth: Auth, request: FastifyRequest, role: Role, message?: string): Promise<SessionUser> {
  const user = await requireUser(auth, request);
  if (user.role !== role) throw new ForbiddenError(message);
  return user;
}
