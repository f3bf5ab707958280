/** The admin routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { PLAN_IDS } from './admin.ts';
import { currencySchema, noContentSchema, type ApiRoutes } from './api-contract.ts';

export { noContentSchema };
import { ROLES } from './auth.ts';
import { platformSettingsSchema } from './auth-two-factor.ts';
import { adminSaleSchema } from './payouts-api.ts';
import { platformMoneySchema } from './sales-api.ts';
import { adminSiteContentSchema, paymentModeSchema } from './site-api.ts';

/** One page of an admin list: `items` of this page, `total` over every page. */
export const pageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const adminOverviewSchema = z.object({
  totalCreators: z.number().int(),
  totalUsers: z.number().int(),
  totalProducts: z.number().int(),
  /** Total Revenue, its fees and refunds: the same figures as the transactions page's totals. */
  ...platformMoneySchema.shape,
  /** Payouts waiting for an admin. */
  pendingApprovals: z.number().int(),
  /** The transactions page's first rows. */
  recentTransactions: z.array(adminSaleSchema),
  /** 'none': payments are not set up (checkout and invoice payments are refused). */
  paymentMode: paymentModeSchema,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  plan: z.enum(PLAN_IDS),
  avatarUrl: z.string(),
  storefrontSlug: z.string(),
  emailVerified: z.boolean(),
  suspendedAt: z.string().nullable(),
  /** An admin paused the account's e-mails to its audience (audience feature). */
  sendingPaused: z.boolean(),
  productCount: z.number().int(),
  /** The store's currency: the user's balance (and an admin's adjustment of it) is in it. */
  currency: currencySchema,
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  currency: currencySchema,
  category: z.string(),
  views: z.number().int(),
  salesCount: z.number().int(),
  hiddenAt: z.string().nullable(),
  createdAt: z.string(),
  creator: z.object({ id: z.string(), name: z.string(), email: z.string(), suspended: z.boolean() }),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminLinkSchema = z.object({
  code: z.string(),
  /** The links domain the code lives on; null: this site. */
  domain: z.string().nullable(),
  url: z.string(),
  clicks: z.number().int(),
  isCustom: z.boolean(),
  bannedAt: z.string().nullable(),
  createdAt: z.string(),
  owner: z.object({ id: z.string(), email: z.string() }).nullable(),
});
export type AdminLink = z.infer<typeof adminLinkSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminUsersPageSchema = pageSchema(adminUserSchema);
export const adminProductsPageSchema = pageSchema(adminProductSchema);
export const adminLinksPageSchema = pageSchema(adminLinkSchema);
export const auditLogPageSchema = pageSchema(auditEntrySchema);

export const userRoleChangeSchema = z.object({ id: z.string(), role: z.enum(ROLES) });
export const userPlanChangeSchema = z.object({ id: z.string(), plan: z.enum(PLAN_IDS) });
export const userSuspensionSchema = z.object({ id: z.string(), suspendedAt: z.string().nullable() });
export const productVisibilitySchema = z.object({ id: z.string(), hidden: z.boolean() });
export const linkBanSchema = z.object({ code: z.string(), banned: z.boolean() });
/** A 204 answer: no body. */

/** Background tasks (src/server/platform/tasks.ts) as the admin's Background tasks page shows them. */
export const TASK_STATES = ['queued', 'retrying', 'running', 'failed'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export const adminTaskSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** What it is about, e.g. a mail's recipient and subject. */
  summary: z.string(),
  state: z.enum(TASK_STATES),
  attempts: z.number(),
  maxAttempts: z.number(),
  /** Work on a timer: it runs again at its next time, never gives up; `attempts` counts failed runs in a row. */
  recurring: z.boolean(),
  /** When it runs next (queued, retrying). */
  runAt: z.string(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type AdminTask = z.infer<typeof adminTaskSchema>;

export const adminTasksSchema = z.object({
  counts: z.object({ queued: z.number(), retrying: z.number(), running: z.number(), failed: z.number() }),
  /** The tasks of the asked state (all unfinished ones without a state), oldest first, at most 100. */
  items: z.array(adminTaskSchema),
});

export const ADMIN_API = {
  'GET /api/admin/overview': adminOverviewSchema,
  'GET /api/admin/settings': platformSettingsSchema,
  'PUT /api/admin/settings': platformSettingsSchema,
  'GET /api/admin/site-content': adminSiteContentSchema,
  'PUT /api/admin/site-content': adminSiteContentSchema,
  'GET /api/admin/users': adminUsersPageSchema,
  'PUT /api/admin/users/:id/role': userRoleChangeSchema,
  'PUT /api/admin/users/:id/plan': userPlanChangeSchema,
  'POST /api/admin/users/:id/suspend': userSuspensionSchema,
  'POST /api/admin/users/:id/reinstate': userSuspensionSchema,
  'GET /api/admin/products': adminProductsPageSchema,
  'POST /api/admin/products/:id/hide': productVisibilitySchema,
  'POST /api/admin/products/:id/show': productVisibilitySchema,
  'DELETE /api/admin/products/:id': noContentSchema,
  'GET /api/admin/links': adminLinksPageSchema,
  'POST /api/admin/links/:code/ban': linkBanSchema,
  'POST /api/admin/links/:code/unban': linkBanSchema,
  'GET /api/admin/audit-log': auditLogPageSchema,
  'GET /api/admin/tasks': adminTasksSchema,
  'POST /api/admin/tasks/:id/retry': adminTaskSchema,
} as const satisfies ApiRoutes;
