import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '#shared/api-contract.ts';
import { discountCodeInputSchema, discountCodeSchema, discountCodesSchema } from '#shared/discounts-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/session.ts';
import { createDiscountCode, deleteDiscountCode, listDiscountCodes } from './service.ts';

const codeParams = z.object({ id: z.uuid() });

/** A creator's discount codes (the quote a buyer's code gets on a cart is orders/routes.ts': it prices the cart). */
export async function discountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/discounts', { schema: { response: { 200: discountCodesSchema } } }, async (request) =>
    listDiscountCodes(db, (await requireUser(ctx.auth, request)).id, ctx.clock.now()),
  );

  typed.post('/api/discounts', { schema: { body: discountCodeInputSchema, response: { 201: discountCodeSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    return reply.status(201).send(await createDiscountCode(db, user.id, request.body));
  });

  typed.delete('/api/discounts/:id', { schema: { params: codeParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await deleteDiscountCode(db, user.id, request.params.id);
    return reply.status(204).send(null);
  });
}
