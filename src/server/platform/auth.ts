import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { passkey } from '@better-auth/passkey';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { AUTH_MESSAGES, passwordLengthProblem, PASSWORD_MAX, SIGNUP_ROLES } from '#shared/auth.ts';
import { deleteInBatches } from '../db/batches.ts';
import type { Db } from '../db/client.ts';
import { accounts, passkeys, sessions, twoFactors, users, verifications } from '../db/schema/auth.ts';
import { isLanguage, languageOfHeader, mailTexts } from '../mail-texts/index.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { Mailer } from './mail.ts';
import { libraryLinkPlugins } from './library-link.ts';
import { passkeyOptions, twoFactorGuards, twoFactorOptions } from './two-factor.ts';

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
  /** A session ends after `idleDays` unused, and `maxDays` after sign-in however much it is used. */
  sessionLifetime: { idleDays: number; maxDays: number };
  /** How account passwords are hashed and checked: better-auth's scrypt unless given (tests: platform/passwords.ts). */
  passwords?: { hash(password: string): Promise<string>; verify(input: { hash: string; password: string }): Promise<boolean> };
}

const DAY_SECONDS = 24 * 60 * 60;

/** better-auth renews a session's expiry on use, forever; this caps it at its absolute end. */
function cappedExpiry(expiresAt: Date, createdAt: Date, maxDays: number): Date {
  const absoluteEnd = new Date(createdAt.getTime() + maxDays * DAY_SECONDS * 1000);
  return expiresAt < absoluteEnd ? expiresAt : absoluteEnd;
}

/** The language of an account's mails (better-auth hands over the user row with our `locale` field). */
const localeOf = (user: object) => {
  const locale = (user as { locale?: unknown }).locale;
  return isLanguage(locale) ? locale : 'en';
};

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
      schema: { users, sessions, accounts, verifications, twoFactors, passkeys },
    }),
    // Our own per-IP limiter (Fastify, Redis-capable) guards sign-in and sign-up.
    rateLimit: { enabled: false },
    session: { expiresIn: options.sessionLifetime.idleDays * DAY_SECONDS, updateAge: DAY_SECONDS },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'creator', input: true },
        // Set at sign-up from the interface language (the web's Accept-Language), later from Settings.
        locale: { type: 'string', required: false, defaultValue: 'en', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 1, // length rules with the spec's wording run in the hook below
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      ...(options.passwords ? { password: options.passwords } : {}),
      async sendResetPassword({ user, url }) {
        const texts = mailTexts(localeOf(user)).passwordReset;
        await mailer.send({ to: user.email, subject: texts.subject(brand), text: texts.text({ name: user.name, url }) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The confirmation link signs the person in: it lands them on their dashboard, not on a login form.
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        const texts = mailTexts(localeOf(user)).verification;
        await mailer.send({ to: user.email, subject: texts.subject(brand), text: texts.text({ brand, name: user.name, url }) });
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user, context) {
            const email = String(user.email).toLowerCase();
            // An account made by a receipt's "Add to my library" link is a buyer's.
            const requested = (user as { role?: unknown }).role ?? (context?.path === '/magic-link/verify' ? 'user' : 'creator');
            const locale = languageOfHeader(context?.headers?.get('accept-language'));
            if (options.adminEmails.includes(email)) return { data: { ...user, role: 'admin', locale } };
            if (!SIGNUP_ROLES.includes(requested as never)) {
              throw new APIError('BAD_REQUEST', { message: AUTH_MESSAGES.invalidRole, code: 'INVALID_ROLE' });
            }
            return { data: { ...user, role: requested, locale } };
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
            return { data: { ...session, expiresAt: cappedExpiry(session.expiresAt, new Date(), options.sessionLifetime.maxDays) } };
          },
          // The account's first session is kept: it greets 'Welcome', later ones 'Welcome back' (isFirstSession).
          async after(session) {
            await options.db
              .update(users)
              .set({ firstSignInAt: session.createdAt })
              .where(and(eq(users.id, session.userId), isNull(users.firstSignInAt)));
          },
        },
        update: {
          // A renewal (get-session, on use) never reaches past the absolute lifetime counted from sign-in.
          async before(session, context) {
            const current = context?.context.session?.session;
            if (!session.expiresAt || !current) return;
            return { data: { ...session, expiresAt: cappedExpiry(new Date(session.expiresAt), new Date(current.createdAt), options.sessionLifetime.maxDays) } };
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
    // Two-factor sign-in (TOTP + recovery codes) and passkeys, issue #16 (see two-factor.ts).
    plugins: [
      twoFactor(twoFactorOptions(brand)),
      passkey(passkeyOptions(brand, options.publicUrl, options.trustedOrigins())),
      twoFactorGuards(options.db),
      ...libraryLinkPlugins({ db: options.db, mailer, brand }),
    ],
    advanced: {
      cookiePrefix: 'zerri',
      useSecureCookies: options.publicUrl.startsWith('https://'),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Removes sessions and verification values (password-reset tokens, sign-in challenges) past their
 * expiry, which nothing accepts any more; otherwise those of people who never come back stay for ever.
 */
export async function purgeExpiredAuthRows(db: Db): Promise<number> {
  const sessionsGone = await deleteInBatches(db, sessions, sessions.id, lt(sessions.expiresAt, sql`now()`));
  return sessionsGone + (await deleteInBatches(db, verifications, verifications.id, lt(verifications.expiresAt, sql`now()`)));
}
