import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { parseCookies } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, gt, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import type { Role } from '#shared/auth.ts';
import type { Db } from '../db/client.ts';
import { sessions, users, verifications } from '../db/schema/auth.ts';
import { apiKeyUser, bearerApiKey } from './api-keys.ts';
import type { Auth } from './auth.ts';
import { ForbiddenError, UnauthorizedError } from './errors.ts';
import { assertAdminSecondFactor } from './two-factor.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  /** Two-factor sign-in is on (absent for API-key requests, which never reach admin routes). */
  twoFactorEnabled?: boolean;
  /** The browser session the request came with (none for an API key). */
  session?: { id: string; createdAt: Date };
  /**
   * Set when a team member acts on this account's store (modules/teams/acting.ts): the user above is
   * then the store's owner (whose data), and `actor` the signed-in member (who acts, in the audit log).
   */
  actor?: { id: string; email: string; name: string };
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

/**
 * Makes `account` the user every later getSessionUser/requireUser of this request answers: a team
 * member's request on the owner's store (modules/teams/acting.ts), checked before the handler runs.
 */
export function actForAccount(request: FastifyRequest, account: SessionUser & { actor: NonNullable<SessionUser['actor']> }): void {
  cache.set(request, Promise.resolve(account));
}

async function lookup(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  // An API key was checked before the handler (registerApiKeyAuth); it stands for its owner.
  if (bearerApiKey(request.headers.authorization)) return apiKeyUser(request);
  if (!request.headers.cookie && !request.headers.authorization) return null;
  if (request.headers.cookie) {
    const settled = await settledSession(auth, request.server.zerri.database.db, request.headers.cookie);
    if (settled !== undefined) return settled;
  }
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const { id, email, name, emailVerified, twoFactorEnabled } = session.user;
  return {
    id,
    email,
    name,
    emailVerified,
    twoFactorEnabled: twoFactorEnabled ?? false,
    role: (session.user as { role?: Role }).role ?? 'user',
    session: { id: session.session.id, createdAt: new Date(session.session.createdAt) },
  };
}

/**
 * The user of a request's session when better-auth would only read it: the cookie read by better-auth's
 * own parser and name, its signature checked as better-auth checks it (HMAC-SHA256 with the auth
 * secret, the same base64 text), then the session and its user in one query. Null without the cookie or
 * with another signature, as getSession answers. Undefined when better-auth has more to do (a session
 * gone or expired, which it deletes; one due for renewal): getSession then answers. Its own way costs
 * about 3.5 ms of CPU per request (a context built per call, two queries): most of a signed-in feed
 * page (issue #47, decision 038).
 */
async function settledSession(auth: Auth, db: Db, cookieHeader: string): Promise<SessionUser | null | undefined> {
  const { authCookies, secret, sessionConfig } = await auth.$context;
  const value = parseCookies(cookieHeader).get(authCookies.sessionToken.name);
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  let read = sessionReads.get(db);
  if (!read) sessionReads.set(db, (read = prepareSessionRead(db)));
  const [row] = await read.execute({ token });
  if (!row) return undefined;
  const { sessionId, createdAt, expiresAt, ...user } = row;
  // Expired, or renewed more than updateAge ago (getSession's own test): better-auth answers.
  const now = Date.now();
  if (expiresAt.getTime() <= now || expiresAt.getTime() - (sessionConfig.expiresIn - sessionConfig.updateAge) * 1000 <= now) return undefined;
  return { ...user, session: { id: sessionId, createdAt } };
}

/** The session and its user by the cookie's token: asked on every signed-in request, so prepared once per connection. */
const prepareSessionRead = (db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      role: users.role,
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('zerri_settled_session');
const sessionReads = new WeakMap<Db, ReturnType<typeof prepareSessionRead>>();

export const SUSPENDED_SESSION_PREFIX = 'suspended-session:';

/** The mark a session ended by a suspension leaves (its token hashed: the mark never holds a usable token). */
export const suspendedSessionMark = (token: string) => `${SUSPENDED_SESSION_PREFIX}${createHash('sha256').update(token).digest('hex')}`;

// better-auth's session cookie (`zerri.session_token`, `__Secure-` on HTTPS) holds `<token>.<signature>`.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?zerri\.session_token=([^;]+)/;

/**
 * The request came with a session that a suspension ended: a 403 `account_suspended` tells the
 * browser why it is signed out. Looked up only for a request whose session is gone.
 */
export async function assertNotSuspendedSession(request: FastifyRequest): Promise<void> {
  const cookie = SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (!cookie) return;
  const token = decodeURIComponent(cookie).split('.')[0];
  if (!token) return;
  const [mark] = await request.server.zerri.database.db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, suspendedSessionMark(token)), gt(verifications.expiresAt, new Date())))
    .limit(1);
  if (mark) throw new ForbiddenError(ADMIN_MESSAGES.accountSuspended, 'account_suspended');
}

/** A route's own words for a refusal, with its own code (the generic codes keep the generic words). */
export interface Refusal {
  message: string;
  code: string;
}

export async function requireUser(auth: Auth, request: FastifyRequest, refusal?: Refusal): Promise<SessionUser> {
  const user = await getSessionUser(auth, request);
  if (!user) {
    await assertNotSuspendedSession(request);
    throw refusal ? new UnauthorizedError(refusal.message, refusal.code) : new UnauthorizedError();
  }
  return user;
}

export async function requireRole(auth: Auth, request: FastifyRequest, role: Role, refusal?: Refusal): Promise<SessionUser> {
  const user = await requireUser(auth, request);
  if (user.role !== role) throw refusal ? new ForbiddenError(refusal.message, refusal.code) : new ForbiddenError();
  // Every admin route passes here: while the platform requires it, an admin needs two-factor sign-in first.
  if (role === 'admin') await assertAdminSecondFactor(request.server.zerri.database.db, user);
  return user;
}

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A request from the machine Zerri runs on. Behind an untrusted proxy every request would come from
 * loopback, so a forwarded request only counts as local when TRUST_PROXY resolved its real address.
 */
export function isLoopbackRequest(request: FastifyRequest, trustProxy: boolean): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (forwarded && !trustProxy) return false;
  return LOOPBACK.test(request.ip);
}

export const LOCAL_ONLY_MESSAGE = 'This page answers only on the machine Zerri runs on, or to a signed-in admin.';

/** Who may use the development tools (dev mailbox, metrics, API docs): this machine, or a signed-in admin. */
export async function isLocalOrAdmin(auth: Auth, request: FastifyRequest, trustProxy: boolean): Promise<boolean> {
  if (isLoopbackRequest(request, trustProxy)) return true;
  return (await getSessionUser(auth, request))?.role === 'admin';
}

/** A preHandler for the development tools' routes: 403 for anyone but this machine or an admin. */
export function localOrAdminOnly(auth: Auth, trustProxy: boolean) {
  return async (request: FastifyRequest) => {
    if (!(await isLocalOrAdmin(auth, request, trustProxy))) throw new ForbiddenError(LOCAL_ONLY_MESSAGE, 'local_only');
  };
}
