import type { MyPlan } from '#shared/plans-api.ts';
import { DOMAIN_LIMITS } from '#shared/domains.ts';
import { aiUsageMonth } from '#shared/ai.ts';
import { planById } from '#shared/plans.ts';
import type { AppContext } from '../../platform/context.ts';
import { generationsInMonth } from '../ai/queries.ts';
import { sentThisMonth } from '../audience/queries.ts';
import { countUserDomains } from '../domains/queries.ts';
import { getUserPlan } from '../profiles/queries.ts';
import { livePlanSubscription, presentPlanSubscription } from './billing.ts';

/** The account's plan, its subscription when it pays for one, and what it has used of it (Settings → Plan & Billing). */
export async function myPlan(ctx: AppContext, userId: string): Promise<MyPlan> {
  const { db } = ctx.database;
  const plan = planById((await getUserPlan(db, userId)) ?? 'free');
  const [subscription, aiGenerations, storage, audienceMails, domains] = await Promise.all([
    livePlanSubscription(db, userId),
    generationsInMonth(db, userId, aiUsageMonth(ctx.clock.now())),
    ctx.userFiles.usage(userId),
    sentThisMonth(db, userId),
    countUserDomains(db, userId),
  ]);
  return {
    plan: plan.id,
    subscription: subscription ? presentPlanSubscription(subscription) : null,
    usage: {
      aiGenerations: { used: aiGenerations, limit: plan.aiGenerationsPerMonth },
      storage: { usedBytes: storage.usedBytes, quotaBytes: storage.quotaBytes },
      audienceMails: { used: audienceMails, limit: plan.audienceMailsPerMonth },
      domains: { used: domains, limit: DOMAIN_LIMITS[plan.id] },
    },
  };
}
