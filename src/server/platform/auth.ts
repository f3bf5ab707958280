import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '#shared/admin-management.ts';
import { AUTH_MESSAGES, passwordLengthProblem, PASSWORD_MAX, SIGNUP_ROLES } from '#shared/auth.ts';
import type { Db } from '../db/client.ts';
import { accounts, sessions, users, verifications } from '../db/schema/auth.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { Mailer } from './mail.ts';

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  brand: string;
  adminEmails: string[];
  mailer: Mailer;
  trustedOrigins: (request?: Request) => string[];
  /** Runs after a new account is committed (live counters). */
  onUserCreated?: () => Promise<void>;
}

const PASSWORD_PATHS = new Set(['/sign-up/email', '/reset-password', '/change-password']);

export function createAuth(options: AuthOptions) {
  const { brand, mailer } = options;
  return betterAuth({
    appName: brand,
    secret: options.secret,
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: (request) => options.trustedOrigins(request),
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      usePlural: true,
      transaction: true,
      schema: { users, sessions, accounts, verifications },
    }),
    // Our own per-IP limiter (Fastify, Redis-capable) guards sign-in and sign-up.
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'creator', input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 1, // length rules with the spec's wording run in the hook below
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: `Reset your ${brand} password`,
          text: `Hello ${user.name},\n\nOpen this link to choose a new password (valid for one hour):\n${url}\n\nIf you did not ask for this, ignore this e-mail.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: `Confirm your ${brand} account`,
          text: `Welcome to ${brand}, ${user.name}!\n\nConfirm your e-mail address by opening this link:\n${url}\n`,
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            const email = String(user.email).toLowerCase();
            const requested = (user as { role?: unknown }).role ?? 'creator';
            if (options.adminEmails.includes(email)) return { data: { ...user, role: 'admin' } };
            if (!SIGNUP_ROLES.includes(requested as never)) {
              throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.invalidRole, code: 'INVALID_ROLE' });
            }
            return { data: { ...user, role: requested } };
          },
          async after() {
            await options.onUserCreated?.().catch(() => {});
          },
        },
      },
      session: {
        create: {
          // A suspended account gets no session, whichever way it signs in (its old ones are revoked on suspension).
          async before(session) {
            const [user] = await options.db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, session.userId));
            if (user?.suspendedAt) {
              throw new APIError('FORBIDDEN', { message: ADMIN_MESSAGES.accountSuspended, code: 'ACCOUNT_SUSPENDED' });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A role never changes through the auth API; admins are made by command or ADMIN_EMAILS.
        if (ctx.path === '/update-user' && ctx.body && 'role' in ctx.body) {
          throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.roleNotChangeable, code: 'ROLE_NOT_CHANGEABLE' });
        }
        if (!PASSWORD_PATHS.has(ctx.path)) return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const password = body.password ?? body.newPassword;
        if (typeof password !== 'string' || (ctx.path === '/sign-up/email' && typeof body.email !== 'string')) {
          throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.credentialsRequired, code: 'CREDENTIALS_REQUIRED' });
        }
        const problem = passwordLengthProblem(password);
        if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'INVALID_PASSWORD' });
        if (isCommonPassword(password)) {
          throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.passwordTooCommon, code: 'PASSWORD_TOO_COMMON' });
        }
      }),
    },
    advanced: {
      cookiePrefix: 'zerri',
      useSecureCookies: options.publicUrl.startsWith('https://'),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
