import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payoutMethodSavedSchema, payoutRequestedSchema, payoutsOverviewSchema } from '#shared/payouts-api.ts';
import { payoutAccountAnswerSchema, payoutAccountLinkSchema, payoutAccountOverviewSchema } from '#shared/payouts-connect.ts';
import { payoutMethodBodySchema } from '#shared/payouts-method.ts';
import { payoutRequestBodySchema } from '#shared/payouts-request.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireRecentPassword } from '../../platform/password-confirmation.ts';
import { requireUser } from '../../platform/session.ts';
import { completeTestOnboarding, connectPayoutAccount, payoutAccountOverview, refreshPayoutAccount } from './connect.ts';
import { getPayoutsOverview, idempotencyKeyOf, requestPayout, savePayoutMethod, testMoneyRule } from './payouts.ts';
import { toOwnPayout } from './presenters.ts';

/** A creator's balance, payout method and payout requests. */
export async function payoutRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Test-card money is paid out outside production only (docs/decisions/009-test-payments.md).
  const rule = testMoneyRule(ctx.config);

  typed.get('/api/payouts', { schema: { response: { 200: payoutsOverviewSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const overview = await getPayoutsOverview(db, user.id, rule);
    reply.header('Cache-Control', 'private, no-store');
    return { ...overview, payouts: overview.payouts.map(toOwnPayout) };
  });

  // Where the money goes: the password typed in the last ten minutes (a stolen session cannot redirect it).
  typed.put('/api/payouts/method', { schema: { body: payoutMethodBodySchema, response: { 200: payoutMethodSavedSchema } } }, async (request) => {
    const user = await requireRecentPassword(ctx, request);
    return { method: await savePayoutMethod(ctx, user.id, request.body) };
  });

  // `amountCents` (default: the whole available balance), once per Idempotency-Key: 201 for a new payout, 200 with the earlier one for a repeated key.
  const postSchema = { body: payoutRequestBodySchema, response: { 200: payoutRequestedSchema, 201: payoutRequestedSchema } };
  typed.post('/api/payouts', { schema: postSchema }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const key = idempotencyKeyOf(request.headers['idempotency-key']);
    const { payout, created, balanceCents } = await requestPayout(ctx, user.id, key, rule, request.body?.amountCents);
    return reply.status(created ? 201 : 200).send({ payout: toOwnPayout(payout), balanceCents });
  });

  // The payout account at the provider (Stripe Connect Express, decision 035): its state and money there.
  typed.get('/api/payouts/account', { schema: { response: { 200: payoutAccountOverviewSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return payoutAccountOverview(ctx, user.id);
  });

  // Where the money goes, like the payout method: the password typed in the last ten minutes.
  typed.post('/api/payouts/account', { schema: { response: { 200: payoutAccountLinkSchema } } }, async (request) => {
    const user = await requireRecentPassword(ctx, request);
    return connectPayoutAccount(ctx, user.id);
  });

  typed.post('/api/payouts/account/refresh', { schema: { response: { 200: payoutAccountAnswerSchema } } }, async (request) => ({
    account: await refreshPayoutAccount(ctx, (await requireUser(ctx.auth, request)).id),
  }));

  // The test provider's onboarding page (no money moves): its account takes transfers at once.
  typed.post('/api/payouts/account/test-onboarding', { schema: { response: { 200: payoutAccountAnswerSchema } } }, async (request) => ({
    account: await completeTestOnboarding(ctx, (await requireUser(ctx.auth, request)).id),
  }));
}
