import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { affiliateProgramInputSchema } from '#shared/affiliates.ts';
import { myAffiliationsSchema, productAffiliatesSchema } from '#shared/affiliates-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { testMoneyRule } from '../payouts/payouts.ts';
import { closeProduct, joinProduct, myAffiliations, openProduct, productAffiliates } from './service.ts';

// Any text: a malformed id is told the product is not found (service.ts).
const productParams = z.object({ productId: z.string().max(100) });

/** A product's affiliate program (its creator opens and closes it, others join) and an affiliate's products. */
export async function affiliateRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const site = { origin: ctx.config.PUBLIC_URL };
  // The balance shown is the one Payouts pays out (test-card money outside production only).
  const rule = testMoneyRule(ctx.config);

  typed.get('/api/affiliates', { schema: { summary: 'The products I am an affiliate of, with clicks, sales and earnings, and my payout balance', response: { 200: myAffiliationsSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return myAffiliations(db, site, rule, user.id);
  });

  typed.get(
    '/api/affiliates/products/:productId',
    { schema: { summary: 'A product’s affiliate program as I see it', params: productParams, response: { 200: productAffiliatesSchema } } },
    async (request, reply) => {
      const user = await getSessionUser(ctx.auth, request);
      reply.header('Cache-Control', 'private, no-store');
      return productAffiliates(db, site, request.params.productId, user?.id ?? null);
    },
  );

  typed.put(
    '/api/affiliates/products/:productId',
    {
      schema: {
        summary: 'Open my product to affiliates, or change its commission',
        params: productParams,
        body: affiliateProgramInputSchema,
        response: { 200: productAffiliatesSchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      return openProduct(db, site, user.id, request.params.productId, request.body.commissionPercent);
    },
  );

  typed.delete(
    '/api/affiliates/products/:productId',
    { schema: { summary: 'Close my product to affiliates', params: productParams, response: { 200: productAffiliatesSchema } } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      return closeProduct(db, site, user.id, request.params.productId);
    },
  );

  typed.post(
    '/api/affiliates/products/:productId/join',
    { schema: { summary: 'Become an affiliate of a product: my own short link to it', params: productParams, response: { 200: productAffiliatesSchema } } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      return joinProduct(db, site, user.id, request.params.productId);
    },
  );
}
