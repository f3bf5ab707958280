import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookEndpointSchema,
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  webhookEndpointChangeSchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
} from '#shared/webhooks-api.ts';
import { noContentSchema } from '#shared/api-contract.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/session.ts';
import { changeEndpoint, createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, resendDelivery, sendTestEvent } from './service.ts';

const endpointParams = z.object({ id: z.uuid() });

/** Settings → Webhooks: a signed-in user's endpoints (the secret answered once), deliveries, test and resend. */
export async function webhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/webhooks', { schema: { response: { 200: webhookEndpointsSchema } } }, async (request) =>
    listEndpoints(db, (await requireUser(ctx.auth, request)).id),
  );

  typed.post('/api/webhooks', { schema: { body: webhookEndpointInputSchema, response: { 201: createdWebhookEndpointSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    return reply.status(201).send(await createEndpoint(ctx, user.id, request.body));
  });

  typed.patch(
    '/api/webhooks/:id',
    { schema: { params: endpointParams, body: webhookEndpointChangeSchema, response: { 200: webhookEndpointSchema } } },
    async (request) => changeEndpoint(ctx, (await requireUser(ctx.auth, request)).id, request.params.id, request.body),
  );

  typed.delete('/api/webhooks/:id', { schema: { params: endpointParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    await deleteEndpoint(db, (await requireUser(ctx.auth, request)).id, request.params.id);
    return reply.status(204).send(null);
  });

  typed.get('/api/webhooks/:id/deliveries', { schema: { params: endpointParams, response: { 200: webhookDeliveriesSchema } } }, async (request) =>
    listDeliveries(db, (await requireUser(ctx.auth, request)).id, request.params.id),
  );

  typed.post('/api/webhooks/:id/test', { schema: { params: endpointParams, response: { 202: webhookDeliverySchema } } }, async (request, reply) =>
    reply.status(202).send(await sendTestEvent(db, (await requireUser(ctx.auth, request)).id, request.params.id)),
  );

  typed.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    { schema: { params: endpointParams.extend({ deliveryId: z.string().max(100) }), response: { 202: webhookDeliverySchema } } },
    async (request, reply) => reply.status(202).send(await resendDelivery(db, (await requireUser(ctx.auth, request)).id, request.params.id, request.params.deliveryId)),
  );
}
