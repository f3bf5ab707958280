import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, PLAN_IDS } from '#shared/admin.ts';
import { ROLES } from '#shared/auth.ts';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import { recordAdminAction } from '../../../platform/audit.ts';
import type { Tx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { BadRequestError, NotFoundError } from '../../../platform/errors.ts';
import { requireRole, type SessionUser } from '../../../platform/session.ts';
import { INTERNAL_CHANNEL as LINKS_CHANNEL } from '../../links/routes.ts';
import { ADMIN_ONLY } from '../routes.ts';
import {
  deleteProductRow,
  getLinkForUpdate,
  getProductForUpdate,
  getUserForUpdate,
  listAuditLog,
  listLinks,
  listProducts,
  listUsers,
  setLinkBanned,
  setProductHidden,
  setUserPlan,
  setUserRole,
  setUserSuspended,
} from './queries.ts';

type LockedUser = NonNullable<Awaited<ReturnType<typeof getUserForUpdate>>>;

const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const search = z.string().trim().max(200).optional();
const userParams = z.object({ id: z.string().min(1).max(100) });
const productParams = z.object({ id: z.uuid(ADMIN_MESSAGES.productNotFound) });
const linkParams = z.object({ code: z.string().min(1).max(64) });

/**
 * Admin management (issue 8): users, products, short links and the audit log. Every change is
 * written to the audit log in the same transaction as the change itself.
 */
export async function adminManagementRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const { auth, storage, realtime } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admins = new WeakMap<object, SessionUser>();
  // Checked before anything is parsed: nobody but an admin learns even what a valid request looks like.
  app.addHook('onRequest', async (request) => {
    admins.set(request, await requireRole(auth, request, 'admin', ADMIN_ONLY));
  });
  const adminOf = (request: object) => admins.get(request)!;
  const storeChanged = (userId: string, id = '', action: 'updated' | 'deleted' = 'updated') =>
    realtime.publish(PUBLIC_CHANNEL, 'products.changed', { id, action, userId });

  // ---- users ----

  typed.get(
    '/api/admin/users',
    { schema: { querystring: z.object({ ...paging, q: search, role: z.enum(ROLES).optional(), status: z.enum(['active', 'suspended']).optional() }) } },
    async (request) => {
      const { rows, total } = await listUsers(db, request.query);
      return { items: rows, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  /** Runs `change` on a locked user row with the audit entry, refusing a missing user. */
  async function changeUser<T>(id: string, change: (tx: Tx, user: LockedUser) => Promise<T>) {
    return db.transaction(async (tx) => {
      const user = await getUserForUpdate(tx, id);
      if (!user) throw new NotFoundError(ADMIN_MESSAGES.userNotFound, 'user_not_found');
      return change(tx, user);
    });
  }

  typed.put('/api/admin/users/:id/role', { schema: { params: userParams, body: z.object({ role: z.enum(ROLES) }) } }, async (request) => {
    const admin = adminOf(request);
    const { role } = request.body;
    if (request.params.id === admin.id) throw new BadRequestError(ADMIN_MESSAGES.cannotChangeOwnRole, 'own_role');
    await changeUser(request.params.id, async (tx, user) => {
      if (user.role === role) return;
      await setUserRole(tx, user.id, role);
      await recordAdminAction(tx, admin, 'user.role_changed', { type: 'user', id: user.id }, { email: user.email, from: user.role, to: role });
    });
    return { id: request.params.id, role };
  });

  typed.put('/api/admin/users/:id/plan', { schema: { params: userParams, body: z.object({ plan: z.enum(PLAN_IDS) }) } }, async (request) => {
    const admin = adminOf(request);
    const { plan } = request.body;
    await changeUser(request.params.id, async (tx, user) => {
      if (user.plan === plan) return;
      await setUserPlan(tx, user.id, plan);
      await recordAdminAction(tx, admin, 'user.plan_changed', { type: 'user', id: user.id }, { email: user.email, from: user.plan, to: plan });
    });
    return { id: request.params.id, plan };
  });

  // A suspended user cannot sign in (auth.ts), loses every session now, and their storefront and products leave the store.
  typed.post('/api/admin/users/:id/suspend', { schema: { params: userParams } }, async (request) => {
    const admin = adminOf(request);
    if (request.params.id === admin.id) throw new BadRequestError(ADMIN_MESSAGES.cannotSuspendSelf, 'own_account');
    const suspendedAt = await changeUser(request.params.id, async (tx, user) => {
      if (user.suspendedAt) return user.suspendedAt;
      await setUserSuspended(tx, user.id, true);
      await recordAdminAction(tx, admin, 'user.suspended', { type: 'user', id: user.id }, { email: user.email });
      return new Date();
    });
    await storeChanged(request.params.id);
    return { id: request.params.id, suspendedAt: suspendedAt.toISOString() };
  });

  typed.post('/api/admin/users/:id/reinstate', { schema: { params: userParams } }, async (request) => {
    const admin = adminOf(request);
    await changeUser(request.params.id, async (tx, user) => {
      if (!user.suspendedAt) return;
      await setUserSuspended(tx, user.id, false);
      await recordAdminAction(tx, admin, 'user.reinstated', { type: 'user', id: user.id }, { email: user.email });
    });
    await storeChanged(request.params.id);
    return { id: request.params.id, suspendedAt: null };
  });

  // ---- products ----

  typed.get(
    '/api/admin/products',
    { schema: { querystring: z.object({ ...paging, q: search, status: z.enum(['visible', 'hidden']).optional() }) } },
    async (request) => {
      const { rows, total } = await listProducts(db, request.query);
      return { items: rows, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  const setHidden = (hidden: boolean) => async (request: { params: { id: string } }) => {
    const admin = adminOf(request);
    const product = await db.transaction(async (tx) => {
      const row = await getProductForUpdate(tx, request.params.id);
      if (!row) throw new NotFoundError(ADMIN_MESSAGES.productNotFound, 'product_not_found');
      if (Boolean(row.hiddenAt) !== hidden) {
        await setProductHidden(tx, row.id, hidden);
        await recordAdminAction(tx, admin, hidden ? 'product.hidden' : 'product.shown', { type: 'product', id: row.id }, { name: row.name });
      }
      return row;
    });
    await storeChanged(product.userId, product.id);
    return { id: product.id, hidden };
  };
  typed.post('/api/admin/products/:id/hide', { schema: { params: productParams } }, setHidden(true));
  typed.post('/api/admin/products/:id/show', { schema: { params: productParams } }, setHidden(false));

  // Removing: the product and its files go; its sales stay (product set to null, name kept).
  typed.delete('/api/admin/products/:id', { schema: { params: productParams } }, async (request, reply) => {
    const admin = adminOf(request);
    const product = await db.transaction(async (tx) => {
      const row = await getProductForUpdate(tx, request.params.id);
      if (!row) throw new NotFoundError(ADMIN_MESSAGES.productNotFound, 'product_not_found');
      await deleteProductRow(tx, row.id);
      await recordAdminAction(tx, admin, 'product.removed', { type: 'product', id: row.id }, { name: row.name, creatorId: row.userId });
      return row;
    });
    await storage.delete('product-files', product.fileKey).catch(() => {});
    for (const key of [product.coverKey, product.cardKey]) if (key) await storage.delete('product-images', key).catch(() => {});
    await storeChanged(product.userId, product.id, 'deleted');
    return reply.status(204).send();
  });

  // ---- short links ----

  typed.get(
    '/api/admin/links',
    { schema: { querystring: z.object({ ...paging, q: search, status: z.enum(['active', 'banned']).optional() }) } },
    async (request) => {
      const { rows, total } = await listLinks(db, request.query);
      return { items: rows, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  const setBanned = (banned: boolean) => async (request: { params: { code: string } }) => {
    const admin = adminOf(request);
    const { code } = request.params;
    const link = await db.transaction(async (tx) => {
      const row = await getLinkForUpdate(tx, code);
      if (!row) throw new NotFoundError(ADMIN_MESSAGES.linkNotFound(code), 'link_not_found');
      if (Boolean(row.bannedAt) !== banned) {
        await setLinkBanned(tx, row.id, banned);
        await recordAdminAction(tx, admin, banned ? 'link.banned' : 'link.unbanned', { type: 'link', id: code }, { url: row.originalUrl });
      }
      return row;
    });
    // Every instance drops the code from its redirect cache, so a banned link stops at once.
    await realtime.publish(LINKS_CHANNEL, 'link.removed', link.shortCode);
    return { code: link.shortCode, banned };
  };
  typed.post('/api/admin/links/:code/ban', { schema: { params: linkParams } }, setBanned(true));
  typed.post('/api/admin/links/:code/unban', { schema: { params: linkParams } }, setBanned(false));

  // ---- audit log ----

  typed.get(
    '/api/admin/audit-log',
    { schema: { querystring: z.object({ ...paging, q: search, action: z.string().trim().max(100).optional() }) } },
    async (request) => {
      const { rows, total } = await listAuditLog(db, { ...request.query, action: request.query.action || undefined });
      return { items: rows, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );
}
