import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, ADMIN_ONLY } from '#shared/admin.ts';
import { adminTaskSchema, adminTasksSchema, TASK_STATES, type AdminTask } from '#shared/admin-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { requireRole } from '../../platform/session.ts';
import { listTasks, recurringKey, retryTaskNow, type TaskListState } from '../../platform/tasks.ts';

type TaskRow = Awaited<ReturnType<typeof listTasks>>['items'][number];

const toAdminTask = (ctx: AppContext, row: TaskRow): AdminTask => ({
  id: row.id,
  name: row.name,
  summary: ctx.tasks.describe(row.name, row.payload),
  state: row.state,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  recurring: row.key === recurringKey(row.name),
  runAt: row.runAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  failedAt: row.failedAt?.toISOString() ?? null,
  lastError: row.lastError,
});

/** The admin's Background tasks page: what waits, retries, runs or failed, and "retry now". */
export async function adminTaskRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', async (request) => {
    await requireRole(ctx.auth, request, 'admin', { message: ADMIN_ONLY, code: 'admin_only' });
  });

  typed.get(
    '/api/admin/tasks',
    { schema: { querystring: z.object({ state: z.enum(TASK_STATES).optional() }), response: { 200: adminTasksSchema } } },
    async (request) => {
      const { counts, items } = await listTasks(db, request.query.state as TaskListState | undefined);
      return { counts, items: items.map((row) => toAdminTask(ctx, row)) };
    },
  );

  typed.post(
    '/api/admin/tasks/:id/retry',
    // The id is checked here, not by the schema: the role check (preHandler) comes after validation,
    // and someone else must be told 401/403 whatever they send.
    { schema: { params: z.object({ id: z.string().max(40) }), response: { 200: adminTaskSchema } } },
    async (request) => {
      const id = Number(request.params.id);
      const row = Number.isSafeInteger(id) && id > 0 ? await retryTaskNow(db, id) : undefined;
      if (!row) throw new NotFoundError(ADMIN_MESSAGES.taskNotFound, 'task_not_found');
      return toAdminTask(ctx, row);
    },
  );
}
