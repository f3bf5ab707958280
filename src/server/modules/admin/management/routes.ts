import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, ADMIN_ONLY, PLAN_IDS } from '#shared/admin.ts';
import {
  adminLinksPageSchema,
  adminProductsPageSchema,
  adminUsersPageSchema,
  auditLogPageSchema,
  linkBanSchema,
  noContentSchema,
  productVisibilitySchema,
  userPlanChangeSchema,
  userRoleChangeSchema,
  userSuspensionSchema,
} from '#shared/admin-api.ts';
import { ROLES } from '#shared/auth.ts';
import { balanceAdjustedSchema, balanceAdjustmentBodySchema } from '#shared/payouts-api.ts';
import type { AppContext } from '../../../platform/context.ts';
import { requireRole, type SessionUser } from '../../../platform/session.ts';
import { listAuditLog, listLinks, listProducts, listUsers } from './queries.ts';
import { adminManagement } from './service.ts';
import { adjustBalance, testMoneyRule } from '../../payouts/payouts.ts';

const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const search = z.string().trim().max(200).optional();
const userParams = z.object({ id: z.string().min(1).max(100) });
const productParams = z.object({ id: z.uuid(ADMIN_MESSAGES.productNotFound) });
const linkParams = z.object({ code: z.string().min(1).max(64) });
/** The links domain the code lives on (a host name); left out: this site. */
const linkDomainQuery = z.object({ domain: z.string().max(300).optional() });

/** The request decorator holding the admin the onRequest check found. */
const ADMIN = 'admin';

/**
 * Admin management (issue 8): users, products, short links and the audit log. Every change is
 * written to the audit log in the same transaction as the change itself (service.ts).
 */
export async function adminManagementRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const manage = adminManagement({ db, storage: ctx.storage, realtime: ctx.realtime });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Checked before anything is parsed: nobody but an admin learns even what a valid request looks
  // like. The admin it finds is kept on the request for the handler (`adminOf`).
  app.decorateRequest(ADMIN, null);
  app.addHook('onRequest', async (request) => {
    request.setDecorator(ADMIN, await requireRole(ctx.auth, request, 'admin', { message: ADMIN_ONLY, code: 'admin_only' }));
  });
  const adminOf = (request: FastifyRequest) => request.getDecorator<SessionUser>(ADMIN);
  const page = <Row>({ rows, total }: { rows: Row[]; total: number }, query: { page: number; pageSize: number }) => ({
    items: rows,
    total,
    page: query.page,
    pageSize: query.pageSize,
  });

  // ---- users ----

  typed.get(
    '/api/admin/users',
    {
      schema: {
        querystring: z.object({ ...paging, q: search, role: z.enum(ROLES).optional(), status: z.enum(['active', 'suspended']).optional() }),
        response: { 200: adminUsersPageSchema },
      },
    },
    async (request) => page(await listUsers(db, request.query), request.query),
  );

  typed.put(
    '/api/admin/users/:id/role',
    { schema: { params: userParams, body: z.object({ role: z.enum(ROLES) }), response: { 200: userRoleChangeSchema } } },
    async (request) => manage.changeRole(adminOf(request), request.params.id, request.body.role),
  );

  typed.put(
    '/api/admin/users/:id/plan',
    { schema: { params: userParams, body: z.object({ plan: z.enum(PLAN_IDS) }), response: { 200: userPlanChangeSchema } } },
    async (request) => manage.changePlan(adminOf(request), request.params.id, request.body.plan),
  );

  typed.post(
    '/api/admin/users/:id/suspend',
    { schema: { params: userParams, response: { 200: userSuspensionSchema } } },
    async (request) => manage.suspend(adminOf(request), request.params.id),
  );

  typed.post(
    '/api/admin/users/:id/reinstate',
    { schema: { params: userParams, response: { 200: userSuspensionSchema } } },
    async (request) => manage.reinstate(adminOf(request), request.params.id),
  );

  typed.post(
    '/api/admin/users/:id/balance-adjustments',
    { schema: { params: userParams, body: balanceAdjustmentBodySchema, response: { 201: balanceAdjustedSchema } } },
    async (request, reply) => {
      reply.code(201);
      return adjustBalance(ctx, adminOf(request), request.params.id, request.body, testMoneyRule(ctx.config));
    },
  );

  // ---- products ----

  typed.get(
    '/api/admin/products',
    {
      schema: {
        querystring: z.object({ ...paging, q: search, status: z.enum(['visible', 'hidden']).optional() }),
        response: { 200: adminProductsPageSchema },
      },
    },
    async (request) => page(await listProducts(db, request.query), request.query),
  );

  typed.post(
    '/api/admin/products/:id/hide',
    { schema: { params: productParams, response: { 200: productVisibilitySchema } } },
    async (request) => manage.setProductHidden(adminOf(request), request.params.id, true),
  );

  typed.post(
    '/api/admin/products/:id/show',
    { schema: { params: productParams, response: { 200: productVisibilitySchema } } },
    async (request) => manage.setProductHidden(adminOf(request), request.params.id, false),
  );

  typed.delete(
    '/api/admin/products/:id',
    { schema: { params: productParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await manage.removeProduct(adminOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- short links ----

  typed.get(
    '/api/admin/links',
    {
      schema: {
        querystring: z.object({ ...paging, q: search, status: z.enum(['active', 'banned']).optional() }),
        response: { 200: adminLinksPageSchema },
      },
    },
    async (request) => page(await listLinks(db, request.query), request.query),
  );

  typed.post(
    '/api/admin/links/:code/ban',
    { schema: { params: linkParams, querystring: linkDomainQuery, response: { 200: linkBanSchema } } },
    async (request) => manage.setLinkBanned(adminOf(request), request.params.code, true, request.query.domain),
  );

  typed.post(
    '/api/admin/links/:code/unban',
    { schema: { params: linkParams, querystring: linkDomainQuery, response: { 200: linkBanSchema } } },
    async (request) => manage.setLinkBanned(adminOf(request), request.params.code, false, request.query.domain),
  );

  // ---- audit log ----

  typed.get(
    '/api/admin/audit-log',
    {
      schema: {
        querystring: z.object({ ...paging, q: search, action: z.string().trim().max(100).optional() }),
        response: { 200: auditLogPageSchema },
      },
    },
    async (request) => page(await listAuditLog(db, { ...request.query, action: request.query.action || undefined }), request.query),
  );
}
