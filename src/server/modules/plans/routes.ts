import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutReturnSchema } from '#shared/api-contract.ts';
import { changePlanSchema, myPlanSchema, planInvoicesSchema, planCheckoutAnswerSchema, subscribePlanSchema, updatePlanCardSchema } from '#shared/plans-api.ts';
import { PLAN_MESSAGES } from '#shared/plans.ts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { sendDownload } from '../../platform/file-names.ts';
import { mailLanguage } from '../../platform/mail-language.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { requireUser } from '../../platform/session.ts';
import { confirmSubscriptionCheckout } from '../payments/stripe-billing.ts';
import { cancelPlan, changePlan, listPlanInvoices, noSubscription, planInvoicePdfOf, resumePlan, subscribePlan, updatePlanCard } from './billing.ts';
import { myPlan } from './service.ts';

/**
 * The platform's own plans (src/shared/plans.ts): the account's plan, its use, and buying, changing
 * or canceling it by subscription (decision 025). Each feature enforces its own limit (ai, profiles,
 * api-keys, storage, audience, domains); an admin may also set a plan (admin/management). Only the
 * account itself: none of these is a team route (decision 023).
 */
export async function planRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/my/plan', { schema: { response: { 200: myPlanSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return myPlan(ctx, user.id);
  });

  // Card tries are limited like a checkout's, so test cards are not guessed through.
  typed.post(
    '/api/my/plan/subscription',
    {
      schema: { body: subscribePlanSchema, response: { 201: planCheckoutAnswerSchema } },
      config: { rateLimit: requestLimit({ max: 20, message: PLAN_MESSAGES.tooManyTries }) },
    },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const { checkoutUrl } = await subscribePlan(ctx, user, request.body, await mailLanguage(ctx.database.db, request, user));
      return reply.status(201).send({ ...(await myPlan(ctx, user.id)), checkoutUrl });
    },
  );

  // Back from Stripe Checkout: the plan recorded before its webhooks come (decision 027). Each asks
  // Stripe, so limited like the purchase.
  typed.post(
    '/api/my/plan/confirm',
    {
      schema: { body: checkoutReturnSchema, response: { 200: myPlanSchema } },
      config: { rateLimit: requestLimit({ max: 20, message: PLAN_MESSAGES.tooManyTries }) },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      await confirmSubscriptionCheckout(ctx, { userId: user.id, sessionId: request.body.checkout, subject: 'plan', notFound: noSubscription });
      return myPlan(ctx, user.id);
    },
  );

  // A new card (a past-due plan's renewal is retried on it): the test card, or Stripe's page to give it
  // on (`checkoutUrl`); limited like the purchase.
  typed.post(
    '/api/my/plan/card',
    {
      schema: { body: updatePlanCardSchema, response: { 200: planCheckoutAnswerSchema } },
      config: { rateLimit: requestLimit({ max: 20, message: PLAN_MESSAGES.tooManyTries }) },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { checkoutUrl } = await updatePlanCard(ctx, user.id, request.body.card);
      return { ...(await myPlan(ctx, user.id)), checkoutUrl };
    },
  );

  typed.post('/api/my/plan/change', { schema: { body: changePlanSchema, response: { 200: myPlanSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    await changePlan(ctx, user.id, request.body.plan);
    return myPlan(ctx, user.id);
  });

  typed.post('/api/my/plan/cancel', { schema: { response: { 200: myPlanSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    await cancelPlan(ctx, user.id);
    return myPlan(ctx, user.id);
  });

  typed.post('/api/my/plan/resume', { schema: { response: { 200: myPlanSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    await resumePlan(ctx, user.id);
    return myPlan(ctx, user.id);
  });

  typed.get('/api/my/plan/invoices', { schema: { response: { 200: planInvoicesSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return listPlanInvoices(ctx, user.id);
  });

  typed.get('/api/my/plan/invoices/:id/pdf', { schema: { params: z.object({ id: z.string().regex(/^pin_[A-Za-z0-9]{8,64}$/, PLAN_MESSAGES.invoiceNotFound) }) } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const { fileName, pdf } = await planInvoicePdfOf(ctx, user.id, request.params.id);
    return sendDownload(reply, { body: pdf, fileName, type: 'application/pdf' });
  });
}
