import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productVersionsAnswerSchema } from '#shared/products-api.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { PRODUCT_VERSIONS_MAX, VERSION_MESSAGES } from '#shared/products-versions.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/session.ts';
import { receiveVersionForm } from './version-form.ts';
import { addVersion, changeVersion, listVersions, orderVersions, removeVersion } from './versions.ts';

const productParams = z.object({ id: z.uuid(PRODUCT_MESSAGES.notFound) });
const versionParams = productParams.extend({ versionId: z.uuid(VERSION_MESSAGES.versionNotFound) });
const orderBody = z.object({ ids: z.array(z.uuid(VERSION_MESSAGES.invalidVersionOrder)).max(PRODUCT_VERSIONS_MAX, VERSION_MESSAGES.invalidVersionOrder) });

/** A product's versions (decision 017): its creator or an admin lists, adds, changes, orders and removes them. */
export async function productVersionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const versionForm = (request: Parameters<typeof receiveVersionForm>[0]) => (ownerId: string) => receiveVersionForm(request, ctx, ownerId);

  typed.get('/api/products/:id/versions', { schema: { params: productParams, response: { 200: productVersionsAnswerSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    return listVersions(ctx, user, request.params.id);
  });

  typed.post('/api/products/:id/versions', { schema: { params: productParams, response: { 201: productVersionsAnswerSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    return reply.status(201).send(await addVersion(ctx, user, request.params.id, versionForm(request)));
  });

  typed.patch('/api/products/:id/versions/:versionId', { schema: { params: versionParams, response: { 200: productVersionsAnswerSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    return changeVersion(ctx, user, request.params.id, request.params.versionId, versionForm(request));
  });

  typed.delete('/api/products/:id/versions/:versionId', { schema: { params: versionParams, response: { 200: productVersionsAnswerSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    return removeVersion(ctx, user, request.params.id, request.params.versionId);
  });

  typed.put('/api/products/:id/versions/order', { schema: { params: productParams, body: orderBody, response: { 200: productVersionsAnswerSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request, { message: PRODUCT_MESSAGES.authRequired, code: 'product_auth_required' });
    return orderVersions(ctx, user, request.params.id, request.body.ids);
  });
}
