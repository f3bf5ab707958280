// The creator's onboarding checklist (issue #46, decision 036): each step is ticked by what it asks for
// existing in the store's own rows, read here straight from the tables.
import { eq, sql } from 'drizzle-orm';
import type { Onboarding } from '#shared/onboarding-api.ts';
import { ONBOARDING_STEPS, type OnboardingStep } from '#shared/onboarding.ts';
import { users } from '../../db/schema/auth.ts';
import { payoutAccounts } from '../../db/schema/payments.ts';
import { products } from '../../db/schema/products.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { sales } from '../../db/schema/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { AVATAR_MEDIA_PREFIX } from '../profiles/queries.ts';

/** The checklist of a store (`userId`): which steps are done, whether it is shown, and the store's address. */
export async function onboardingOf(ctx: AppContext, userId: string): Promise<Onboarding> {
  const { db } = ctx.database;
  const [row] = await db
    .select({
      confirm_email: users.emailVerified,
      payouts: sql<boolean>`${userProfiles.payoutMethodDetails} IS NOT NULL OR EXISTS (SELECT 1 FROM ${payoutAccounts}
        WHERE ${payoutAccounts.userId} = ${userId} AND ${payoutAccounts.transfersEnabled})`,
      first_product: sql<boolean>`EXISTS (SELECT 1 FROM ${products} WHERE ${products.userId} = ${userId} AND ${products.coverKey} IS NOT NULL)`,
      // A picture of their own (not the generated one) and a few words about them.
      store: sql<boolean>`${userProfiles.bio} <> '' AND ${userProfiles.avatarUrl} LIKE ${`${AVATAR_MEDIA_PREFIX}%`}`,
      share: sql<boolean>`${userProfiles.onboardingSharedAt} IS NOT NULL`,
      first_sale: sql<boolean>`EXISTS (SELECT 1 FROM ${sales} WHERE ${sales.creatorId} = ${userId} AND ${sales.status} <> 'refunded')`,
      dismissed: sql<boolean>`${userProfiles.onboardingDismissedAt} IS NOT NULL`,
      slug: userProfiles.storefrontSlug,
    })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  // The signed-in user (requireUser) has a profile from sign-up on.
  if (!row) throw new Error(`User ${userId} has no profile.`);
  const steps = ONBOARDING_STEPS.map((id: OnboardingStep) => ({ id, done: Boolean(row[id]) }));
  return {
    steps,
    hidden: row.dismissed || steps.every((step) => step.done),
    storeUrl: `${ctx.config.PUBLIC_URL}/store/${row.slug}`,
  };
}

/** Keeps the first time of a checklist moment on the profile (a second one changes nothing); the checklist after. */
async function stampOnce(ctx: AppContext, userId: string, column: 'onboardingSharedAt' | 'onboardingDismissedAt'): Promise<Onboarding> {
  await ctx.database.db
    .update(userProfiles)
    .set({ [column]: sql`coalesce(${userProfiles[column]}, now())` })
    .where(eq(userProfiles.id, userId));
  return onboardingOf(ctx, userId);
}

/** The creator copied a link to their store or a product to share: the step is done. */
export const markShared = (ctx: AppContext, userId: string) => stampOnce(ctx, userId, 'onboardingSharedAt');

/** The creator put the checklist away: the overview shows it no more. */
export const dismissOnboarding = (ctx: AppContext, userId: string) => stampOnce(ctx, userId, 'onboardingDismissedAt');
