import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DESIGN_MAX_BYTES, designInputSchema } from '#shared/designs.ts';
import { designs } from '../../db/schema/designs.ts';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { requireUser } from '../../platform/session.ts';
import { createDesign, designTooLarge, replaceDesign } from './service.ts';

const idParams = z.object({ id: z.uuid('Design not found.') });
// The design itself is checked once parsed (service.ts); this stops a larger body before it is read.
const DESIGN_BODY_LIMIT = DESIGN_MAX_BYTES + 64 * 1024;
const refuseLargeBody = async (request: FastifyRequest) => {
  if (Number(request.headers['content-length'] ?? 0) > DESIGN_BODY_LIMIT) throw designTooLarge();
};

/** A creator's saved designs; every route sees only the signed-in user's own. */
export async function designRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const notFound = () => new NotFoundError('Design not found.', 'design_not_found');
  const summary = { id: designs.id, title: designs.title, createdAt: designs.createdAt, updatedAt: designs.updatedAt };

  typed.get('/api/designs', async (request) => {
    const user = await requireUser(ctx.auth, request);
    return { items: await db.select(summary).from(designs).where(eq(designs.userId, user.id)).orderBy(desc(designs.updatedAt)) };
  });

  typed.post('/api/designs', { bodyLimit: DESIGN_BODY_LIMIT, onRequest: refuseLargeBody, schema: { body: designInputSchema } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const design = await createDesign(db, ctx.userFiles.quotas, user.id, request.body);
    return reply.status(201).send({ design });
  });

  typed.get('/api/designs/:id', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    const [design] = await db.select().from(designs).where(and(eq(designs.id, request.params.id), eq(designs.userId, user.id)));
    if (!design) throw notFound();
    return { design };
  });

  typed.put(
    '/api/designs/:id',
    { bodyLimit: DESIGN_BODY_LIMIT, onRequest: refuseLargeBody, schema: { params: idParams, body: designInputSchema } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const design = await replaceDesign(db, ctx.userFiles.quotas, user.id, request.params.id, request.body);
      if (!design) throw notFound();
      return { design };
    },
  );

  typed.patch(
    '/api/designs/:id',
    { schema: { params: idParams, body: designInputSchema.pick({ title: true }) } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const [design] = await db
        .update(designs)
        .set({ title: request.body.title, updatedAt: new Date() })
        .where(and(eq(designs.id, request.params.id), eq(designs.userId, user.id)))
        .returning(summary);
      if (!design) throw notFound();
      return { design };
    },
  );

  typed.delete('/api/designs/:id', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const deleted = await db
      .delete(designs)
      .where(and(eq(designs.id, request.params.id), eq(designs.userId, user.id)))
      .returning({ id: designs.id });
    if (deleted.length === 0) throw notFound();
    return reply.status(204).send();
  });
}
