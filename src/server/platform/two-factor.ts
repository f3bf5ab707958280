import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { TwoFactorOptions } from 'better-auth/plugins/two-factor';
import type { PasskeyOptions } from '@better-auth/passkey';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { PASSKEY_NAME_MAX, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES, needsAdminTwoFactorSetup, type PlatformSettings } from '#shared/auth-two-factor.ts';
import type { Role } from '#shared/auth.ts';
import type { Db, Executor } from '../db/client.ts';
import { platformSettings } from '../db/schema/admin.ts';
import { twoFactors } from '../db/schema/auth.ts';
import { ForbiddenError } from './errors.ts';
import { matchingTotpStep } from './totp.ts';

// Two-factor sign-in and passkeys (issue #16): the options of better-auth's plugins, our own
// guards around them, and the platform setting that requires two-factor sign-in for admins.

/** TOTP with recovery codes, asked on every password sign-in once on (no "trusted devices"). */
export const twoFactorOptions = (brand: string): TwoFactorOptions => ({
  issuer: brand,
  totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
  backupCodeOptions: { amount: 10, length: 10 },
});

/**
 * Passkeys for PUBLIC_URL's host. The expected origins are ours (PUBLIC_URL, and Vite's in development),
 * never the request's `Origin` header (the plugin's fallback), so an assertion made for another site is refused.
 */
export function passkeyOptions(brand: string, publicUrl: string, trustedOrigins: string[]): PasskeyOptions {
  return {
    rpID: new URL(publicUrl).hostname,
    rpName: brand,
    origin: [...new Set([publicUrl, ...trustedOrigins].map((origin) => new URL(origin).origin))],
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  };
}

const VERIFY_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code', '/two-factor/verify-otp']);
const PASSKEY_NAME_PATHS = new Set(['/passkey/verify-registration', '/passkey/update-passkey']);

/**
 * Runs before better-auth's two-factor endpoints: refuses "trust this device" (the code is asked on
 * every sign-in) and a TOTP code whose time step was already accepted, which better-auth itself lets
 * through a second time within its 90-second window. Also keeps passkey names short (the plugin has no limit).
 */
export function twoFactorGuards(db: Db) {
  return {
    id: 'zerri-two-factor-guards',
    hooks: {
      before: [
        {
          matcher: (context) => PASSKEY_NAME_PATHS.has(context.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const name = (ctx.body as { name?: unknown } | undefined)?.name;
            if (typeof name === 'string' && name.trim().length > PASSKEY_NAME_MAX) {
              throw new APIError('BAD_REQUEST', { message: TWO_FACTOR_MESSAGES.passkeyNameTooLong, code: TWO_FACTOR_CODES.passkeyNameTooLong.toUpperCase() });
            }
          }),
        },
        {
          matcher: (context) => VERIFY_PATHS.has(context.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { trustDevice?: unknown; code?: unknown };
            if (body.trustDevice) {
              throw new APIError('BAD_REQUEST', { message: TWO_FACTOR_MESSAGES.trustDeviceRefused, code: TWO_FACTOR_CODES.trustDeviceRefused.toUpperCase() });
            }
            if (ctx.path !== '/two-factor/verify-totp' || typeof body.code !== 'string') return;
            const userId = (await getSessionFromCtx(ctx))?.user.id ?? (await challengedUserId(ctx));
            if (!userId) return; // no sign-in in progress: better-auth refuses the request
            const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
            if (!row) return;
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
            const step = matchingTotpStep(Buffer.from(secret, 'utf8'), body.code);
            if (step === undefined) return; // a wrong code: better-auth refuses it and counts the failure
            // Claimed atomically, so two requests racing with one code cannot both pass.
            const claimed = await db
              .update(twoFactors)
              .set({ lastTotpStep: step })
              .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step))))
              .returning({ id: twoFactors.id });
            if (claimed.length === 0) {
              throw new APIError('UNAUTHORIZED', { message: TWO_FACTOR_MESSAGES.codeReused, code: TWO_FACTOR_CODES.codeReused.toUpperCase() });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The user of a sign-in waiting for its second factor (better-auth's signed `two_factor` cookie). */
async function challengedUserId(ctx: HookContext): Promise<string | undefined> {
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return undefined;
  return (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value;
}

// ---- the platform setting: two-factor sign-in required for admins ----

export async function getPlatformSettings(db: Executor): Promise<PlatformSettings> {
  const [row] = await db.select({ requireAdminTwoFactor: platformSettings.requireAdminTwoFactor, unconnectedSellers: platformSettings.unconnectedSellers }).from(platformSettings);
  return { requireAdminTwoFactor: row?.requireAdminTwoFactor ?? false, unconnectedSellers: row?.unconnectedSellers ?? 'held' };
}

export async function savePlatformSettings(db: Executor, settings: PlatformSettings): Promise<PlatformSettings> {
  await db
    .insert(platformSettings)
    .values({ id: true, ...settings })
    .onConflictDoUpdate({ target: platformSettings.id, set: { ...settings, updatedAt: new Date() } });
  return settings;
}

/** 403 `admin_two_factor_required` for an admin without two-factor sign-in while the setting is on. */
export async function assertAdminSecondFactor(db: Db, user: { role: Role; twoFactorEnabled?: boolean }) {
  if (needsAdminTwoFactorSetup({ role: user.role, twoFactorEnabled: user.twoFactorEnabled ?? false }, await getPlatformSettings(db))) {
    throw new ForbiddenError(TWO_FACTOR_MESSAGES.adminTwoFactorRequired, TWO_FACTOR_CODES.adminTwoFactorRequired);
  }
}
