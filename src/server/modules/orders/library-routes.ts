import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { librarySchema } from '#shared/orders-api.ts';
import { SALES_MESSAGES } from '#shared/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendDownload } from '../../platform/file-names.ts';
import { requireUser } from '../../platform/session.ts';
import { buyerLibrary, openDownload } from './library.ts';

const saleParams = z.object({ id: z.uuid(SALES_MESSAGES.saleNotFound) });
const signedLink = z.object({ expires: z.coerce.number().int().min(0), signature: z.string().min(1).max(100) });

/** The buyer's library and the signed downloads of its files. */
export async function libraryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/library', { schema: { response: { 200: librarySchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const items = await buyerLibrary(ctx, user);
    reply.header('Cache-Control', 'private, no-store');
    return { items };
  });

  typed.get('/api/downloads/:id', { schema: { params: saleParams, querystring: signedLink } }, async (request, reply) => {
    const file = await openDownload(ctx, { saleId: request.params.id, ...request.query });
    return sendDownload(reply, file);
  });
}
