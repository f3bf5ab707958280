// "Add to my library" (issue #44): a receipt's buyer gets a one-time sign-in link by mail that makes
// or opens the account of the receipt's address, with better-auth's magic-link plugin. Only the
// receipt route asks for one (the plugin's public endpoint is closed), and the link never signs in an
// account that has a second step (two-factor) or is an admin: those log in the usual way.
import { createHash } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { magicLink } from 'better-auth/plugins/magic-link';
import { eq } from 'drizzle-orm';
import { LIBRARY_LINK } from '#shared/auth.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { isLanguage, mailTexts } from '../mail-texts/index.ts';
import type { Mailer } from './mail.ts';


const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function libraryLinkPlugins(options: { db: Db; mailer: Mailer; brand: string }) {
  const { db, mailer, brand } = options;
  const plugin = magicLink({
    expiresIn: LIBRARY_LINK.minutes * 60,
    // Only the token's hash is kept, as for receipt links.
    storeToken: { type: 'custom-hasher', hash: async (token) => hashToken(token) },
    async sendMagicLink({ email, url, metadata }) {
      const locale = metadata?.locale;
      const texts = mailTexts(isLanguage(locale) ? locale : 'en').libraryLink;
      await mailer.send({ to: email, subject: texts.subject(brand), text: texts.text({ brand, url, minutes: LIBRARY_LINK.minutes }) });
    },
  });

  const guard = {
    id: 'zerri-library-link-guard',
    hooks: {
      before: [
        {
          // A request from outside (ctx.request is set) finds no such endpoint; the receipt route calls it in-process.
          matcher: (context) => context.path === '/sign-in/magic-link',
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.request) throw new APIError('NOT_FOUND');
          }),
        },
        {
          // Checked before the plugin spends the token: a two-factor or admin account is sent to log in.
          matcher: (context) => context.path === '/magic-link/verify',
          handler: createAuthMiddleware(async (ctx) => {
            const token = (ctx.query as { token?: unknown } | undefined)?.token;
            if (typeof token !== 'string') return;
            const pending = await ctx.context.internalAdapter.findVerificationValue(`magic-link:${hashToken(token)}`);
            const email = pending ? emailOf(pending.value) : undefined;
            if (!email) return; // the plugin answers an unknown or spent token
            const [account] = await db
              .select({ twoFactorEnabled: users.twoFactorEnabled, role: users.role, suspendedAt: users.suspendedAt })
              .from(users)
              .where(eq(users.email, email.toLowerCase()));
            if (account && (account.twoFactorEnabled || account.role === 'admin' || account.suspendedAt)) {
              throw ctx.redirect(`${LIBRARY_LINK.errorPath}&error=${LIBRARY_LINK.logInRequired}`);
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return [plugin, guard] as const;
}

function emailOf(value: string): string | undefined {
  try {
    const parsed = JSON.parse(value) as { email?: unknown };
    return typeof parsed.email === 'string' ? parsed.email : undefined;
  } catch {
    return undefined;
  }
}
