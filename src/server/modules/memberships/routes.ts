import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutReturnSchema, noContentSchema } from '#shared/api-contract.ts';
import { MEMBERSHIP_MESSAGES } from '#shared/memberships.ts';
import {
  changeTierSchema,
  confirmMembershipAnswerSchema,
  membershipCardAnswerSchema,
  membershipCardSchema,
  joinMembershipAnswerSchema,
  joinMembershipSchema,
  membershipAnswerSchema,
  membershipPlanInputSchema,
  membershipPlanSchema,
  membershipProductsSchema,
  membersSchema,
  membershipsSchema,
} from '#shared/memberships-api.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendDownload } from '../../platform/file-names.ts';
import { mailLanguage } from '../../platform/mail-language.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { confirmSubscriptionCheckout } from '../payments/stripe-billing.ts';
import {
  cancelMembership,
  changeTier,
  deletePlan,
  joinMembership,
  listMemberships,
  membershipNotFound,
  membersOf,
  membershipProducts,
  openMembershipFile,
  presentMembership,
  publicPlan,
  resumeMembership,
  savePlan,
  updateMembershipCard,
} from './service.ts';

const productParams = z.object({ productId: z.uuid(PRODUCT_MESSAGES.notFound) });
const membershipParams = z.object({ id: z.string().regex(/^sub_[A-Za-z0-9]{24}$/, MEMBERSHIP_MESSAGES.notFound) });

/** Memberships: a product's recurring prices, joining, the member's own memberships, the creator's members (decision 022). */
export async function membershipRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Says whether the signed-in viewer had the trial already: an answer per viewer, never cached as anyone's.
  typed.get('/api/memberships/plans/:productId', { schema: { params: productParams, response: { 200: membershipPlanSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return publicPlan(ctx, request.params.productId, await getSessionUser(ctx.auth, request));
  });

  typed.put(
    '/api/memberships/plans/:productId',
    { schema: { params: productParams, body: membershipPlanInputSchema, response: { 200: membershipPlanSchema } } },
    async (request) => savePlan(ctx, (await requireUser(ctx.auth, request)).id, request.params.productId, request.body),
  );

  typed.delete('/api/memberships/plans/:productId', { schema: { params: productParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    await deletePlan(ctx, (await requireUser(ctx.auth, request)).id, request.params.productId);
    return reply.status(204).send(null);
  });

  typed.get('/api/memberships/products', { schema: { response: { 200: membershipProductsSchema } } }, async (request) =>
    membershipProducts(ctx, (await requireUser(ctx.auth, request)).id),
  );

  typed.get('/api/memberships/members', { schema: { response: { 200: membersSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return membersOf(ctx, user.id);
  });

  typed.get('/api/memberships', { schema: { response: { 200: membershipsSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return listMemberships(ctx, user.id);
  });

  // Card tries are limited like a checkout's, so test cards are not guessed through.
  typed.post(
    '/api/memberships',
    {
      schema: { body: joinMembershipSchema, response: { 201: joinMembershipAnswerSchema } },
      config: { rateLimit: requestLimit({ max: 20, message: MEMBERSHIP_MESSAGES.tooManyTries }) },
    },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const locale = await mailLanguage(ctx.database.db, request, user);
      return reply.status(201).send(await joinMembership(ctx, user, request.body, locale, request.log));
    },
  );

  // Back from Stripe Checkout: the membership recorded before its webhooks come (decision 027). Each
  // asks Stripe, so limited like joining.
  typed.post(
    '/api/memberships/confirm',
    {
      schema: { body: checkoutReturnSchema, response: { 200: confirmMembershipAnswerSchema } },
      config: { rateLimit: requestLimit({ max: 20, message: MEMBERSHIP_MESSAGES.tooManyTries }) },
    },
    async (request) => {
      const userId = (await requireUser(ctx.auth, request)).id;
      const sub = await confirmSubscriptionCheckout(ctx, { userId, sessionId: request.body.checkout, subject: 'membership', notFound: membershipNotFound });
      return { membership: sub && presentMembership(sub, null) };
    },
  );

  typed.post('/api/memberships/:id/cancel', { schema: { params: membershipParams, response: { 200: membershipAnswerSchema } } }, async (request) => ({
    membership: await cancelMembership(ctx, (await requireUser(ctx.auth, request)).id, request.params.id, request.log),
  }));

  typed.post('/api/memberships/:id/resume', { schema: { params: membershipParams, response: { 200: membershipAnswerSchema } } }, async (request) => ({
    membership: await resumeMembership(ctx, (await requireUser(ctx.auth, request)).id, request.params.id),
  }));

  typed.post(
    '/api/memberships/:id/tier',
    { schema: { params: membershipParams, body: changeTierSchema, response: { 200: membershipAnswerSchema } } },
    async (request) => ({
      membership: await changeTier(ctx, (await requireUser(ctx.auth, request)).id, request.params.id, request.body.versionId, request.log),
    }),
  );

  // A new card (a past-due membership's renewal is retried on it): the test card, or Stripe's page to
  // give it on (`checkoutUrl`); limited like joining.
  typed.post(
    '/api/memberships/:id/card',
    {
      schema: { params: membershipParams, body: membershipCardSchema, response: { 200: membershipCardAnswerSchema } },
      config: { rateLimit: requestLimit({ max: 20, message: MEMBERSHIP_MESSAGES.tooManyTries }) },
    },
    async (request) => updateMembershipCard(ctx, (await requireUser(ctx.auth, request)).id, request.params.id, request.body.card, request.log),
  );

  // The product's file for a member while the membership gives access (a trial included).
  typed.get('/api/memberships/:id/download', { schema: { params: membershipParams } }, async (request, reply) => {
    const file = await openMembershipFile(ctx, (await requireUser(ctx.auth, request)).id, request.params.id);
    return sendDownload(reply, file);
  });
}
