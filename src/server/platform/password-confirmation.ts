import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '#shared/auth.ts';
import { PROFILE_MESSAGES } from '#shared/profiles.ts';
import { accounts, sessions } from '../db/schema/auth.ts';
import type { AppContext } from './context.ts';
import type { Auth } from './auth.ts';
import { BadRequestError, ForbiddenError } from './errors.ts';
import { hitLimit, rateLimitError, type RateLimitCheck } from './rate-limits.ts';
import { getSessionUser, requireUser, type SessionUser } from './session.ts';

/** How long a typed password vouches for sensitive changes in the same session. */
export const PASSWORD_CONFIRMATION_MAX_AGE_MS = 10 * 60_000;

/** Wrong passwords per account and quarter hour, wherever they are typed while signed in. */
const WRONG_PASSWORDS_MAX = 10;

/** The app's one count of wrong passwords per signed-in account (ctx.wrongPasswords), made in app.ts. */
export function createWrongPasswordLimit(app: FastifyInstance, auth: Auth): RateLimitCheck {
  return app.createRateLimit({
    max: WRONG_PASSWORDS_MAX,
    timeWindow: '15 minutes',
    keyGenerator: async (request) => `wrong-password:${(await getSessionUser(auth, request))?.id ?? request.ip}`,
  });
}

const tooManyWrongPasswords = rateLimitError(AUTH_MESSAGES.tooManyAttempts);

/**
 * Checks the signed-in user's own password (deleting the account, confirming a sensitive change).
 * A wrong one counts, so a stolen session cannot be used to guess the password: once the account
 * has had its share of wrong ones, no password is checked until the window ends.
 */
export async function verifyOwnPassword(ctx: AppContext, request: FastifyRequest, password: string): Promise<SessionUser> {
  const user = await requireUser(ctx.auth, request);
  await hitLimit(ctx.wrongPasswords, request, tooManyWrongPasswords, { increment: false });
  const [account] = await ctx.database.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
  const context = await ctx.auth.$context;
  if (account?.password && password && (await context.password.verify({ hash: account.password, password }))) return user;
  await hitLimit(ctx.wrongPasswords, request, tooManyWrongPasswords);
  throw new BadRequestError(PROFILE_MESSAGES.passwordWrong, 'password_wrong');
}

/** The password typed again: this session may make sensitive changes for the next ten minutes. */
export async function confirmPassword(ctx: AppContext, request: FastifyRequest, password: string): Promise<void> {
  const user = await requireUser(ctx.auth, request);
  if (!user.session) throw new ForbiddenError(AUTH_MESSAGES.passwordConfirmationRequired, 'password_confirmation_required');
  await verifyOwnPassword(ctx, request, password);
  await ctx.database.db.update(sessions).set({ passwordConfirmedAt: new Date() }).where(eq(sessions.id, user.session.id));
}

/**
 * For changes that would hand the account or its money to someone else (payout method, API keys):
 * the session signed in or typed its password in the last ten minutes, else a 403 the web answers
 * by asking for the password and retrying. API keys never qualify.
 */
export async function requireRecentPassword(ctx: AppContext, request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(ctx.auth, request);
  const since = Date.now() - PASSWORD_CONFIRMATION_MAX_AGE_MS;
  if (user.session && user.session.createdAt.getTime() >= since) return user;
  if (user.session) {
    const [row] = await ctx.database.db.select({ at: sessions.passwordConfirmedAt }).from(sessions).where(eq(sessions.id, user.session.id));
    if (row?.at && row.at.getTime() >= since) return user;
  }
  throw new ForbiddenError(AUTH_MESSAGES.passwordConfirmationRequired, 'password_confirmation_required');
}
