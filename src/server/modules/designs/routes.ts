import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DESIGN_MAX_BYTES, DESIGN_MESSAGES, designInputSchema } from '#shared/designs.ts';
import { designAnswerSchema, designDeletedSchema, designsSchema, designSummaryAnswerSchema } from '#shared/designs-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { requireUser } from '../../platform/session.ts';
import { createDesign, deleteDesign, designTooLarge, getDesign, listDesigns, renameDesign, replaceDesign } from './service.ts';

const idParams = z.object({ id: z.uuid(DESIGN_MESSAGES.notFound) });
// The design itself is checked once parsed (service.ts); this stops a larger body before it is read.
const DESIGN_BODY_LIMIT = DESIGN_MAX_BYTES + 64 * 1024;
const refuseLargeBody = async (request: FastifyRequest) => {
  if (Number(request.headers['content-length'] ?? 0) > DESIGN_BODY_LIMIT) throw designTooLarge();
};

/** A creator's saved designs; every route sees only the signed-in user's own. */
export async function designRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const notFound = () => new NotFoundError(DESIGN_MESSAGES.notFound, 'design_not_found');

  typed.get('/api/designs', { schema: { response: { 200: designsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return { items: await listDesigns(db, user.id) };
  });

  typed.post(
    '/api/designs',
    { bodyLimit: DESIGN_BODY_LIMIT, onRequest: refuseLargeBody, schema: { body: designInputSchema, response: { 201: designAnswerSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const design = await createDesign(db, ctx.userFiles.quotas, user.id, request.body);
      return reply.status(201).send({ design });
    },
  );

  typed.get('/api/designs/:id', { schema: { params: idParams, response: { 200: designAnswerSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    const design = await getDesign(db, user.id, request.params.id);
    if (!design) throw notFound();
    return { design };
  });

  typed.put(
    '/api/designs/:id',
    { bodyLimit: DESIGN_BODY_LIMIT, onRequest: refuseLargeBody, schema: { params: idParams, body: designInputSchema, response: { 200: designAnswerSchema } } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const design = await replaceDesign(db, ctx.userFiles.quotas, user.id, request.params.id, request.body);
      if (!design) throw notFound();
      return { design };
    },
  );

  typed.patch(
    '/api/designs/:id',
    { schema: { params: idParams, body: designInputSchema.pick({ title: true }), response: { 200: designSummaryAnswerSchema } } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const design = await renameDesign(db, user.id, request.params.id, request.body.title);
      if (!design) throw notFound();
      return { design };
    },
  );

  typed.delete('/api/designs/:id', { schema: { params: idParams, response: { 204: designDeletedSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    if (!(await deleteDesign(db, user.id, request.params.id))) throw notFound();
    return reply.status(204).send(null);
  });
}
