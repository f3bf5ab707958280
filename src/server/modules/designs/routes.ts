import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { designInputSchema } from '#shared/designs.ts';
import { designs } from '../../db/schema/designs.ts';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { requireUser } from '../../platform/session.ts';

const idParams = z.object({ id: z.uuid('Design not found.') });
const DESIGN_BODY_LIMIT = 16 * 1024 * 1024; // designs may carry embedded images

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

  typed.post('/api/designs', { bodyLimit: DESIGN_BODY_LIMIT, schema: { body: designInputSchema } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const [design] = await db.insert(designs).values({ ...request.body, userId: user.id }).returning();
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
    { bodyLimit: DESIGN_BODY_LIMIT, schema: { params: idParams, body: designInputSchema } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const [design] = await db
        .update(designs)
        .set({ ...request.body, updatedAt: new Date() })
        .where(and(eq(designs.id, request.params.id), eq(designs.userId, user.id)))
        .returning();
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
