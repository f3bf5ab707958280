import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES } from '#shared/auth.ts';
import { users } from '../../db/schema/auth.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Failed sign-ins per account, whatever network they come from: after SIGN_IN_FAILURES_MAX wrong
 * passwords the account takes no sign-in until its window (SIGN_IN_LOCK_MINUTES from the first
 * failure) ends, and its owner gets one mail saying so. The per-IP limit alone lets an attacker
 * with many addresses guess on; this one does not.
 */
export function createSignInGuard(ctx: AppContext) {
  const { config } = ctx;
  const windowMs = config.SIGN_IN_LOCK_MINUTES * 60_000;
  const key = (email: string) => `sign-in-failures:${email.trim().toLowerCase()}`;

  return {
    /** Throws a 429 while the account is locked (before its password is even checked). */
    async assertOpen(email: string) {
      const { count, resetInMs } = await ctx.counters.peek(key(email));
      if (count >= config.SIGN_IN_FAILURES_MAX) {
        const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
        throw new AppError(429, 'account_locked', AUTH_MESSAGES.accountLocked(minutes), { params: { minutes } });
      }
    },

    async failed(email: string, log: FastifyBaseLogger) {
      const { count } = await ctx.counters.increment(key(email), windowMs);
      if (count === config.SIGN_IN_FAILURES_MAX) await mailOwner(email).catch((error: unknown) => log.warn({ err: error }, 'lock mail failed'));
    },

    async succeeded(email: string) {
      await ctx.counters.reset(key(email));
    },
  };

  async function mailOwner(email: string) {
    const [owner] = await ctx.database.db
      .select({ email: users.email, name: users.name, locale: users.locale })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()));
    if (!owner) return;
    const brand = config.BRAND_NAME;
    const texts = mailTexts(owner.locale).signInLocked;
    await ctx.mailer.send({
      to: owner.email,
      subject: texts.subject(brand),
      text: texts.text({
        name: owner.name,
        brand,
        failures: config.SIGN_IN_FAILURES_MAX,
        minutes: config.SIGN_IN_LOCK_MINUTES,
        resetUrl: `${config.PUBLIC_URL}/auth/forgot-password`,
      }),
    });
  }
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
