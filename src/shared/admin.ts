import type { PlanId } from './plans.ts';

// Admin management (SPEC §2 admin sidebar; issue 8): users, products, links and the audit log.

/** The answer to anyone but an admin on an admin route (403; 401 when signed out). */
export const ADMIN_ONLY = 'Access Denied. Admins only.';

export const ADMIN_MESSAGES = {
  taskNotFound: 'This task is no longer waiting or failed.',
  accountSuspended: 'Your account has been suspended. Please contact support if you believe this is a mistake.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  userNotFound: 'That user does not exist.',
  productNotFound: 'That product does not exist.',
  linkNotFound: (code: string) => `The link code "${code}" was not found.`,
} as const;

export const PLAN_IDS = ['free', 'pro', 'business'] as const satisfies readonly PlanId[];

/** Actions this module writes to the audit log; other modules add their own (the log takes any text). */
export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.plan_changed',
  'user.suspended',
  'user.reinstated',
  'product.hidden',
  'product.shown',
  'product.removed',
  'link.banned',
  'link.unbanned',
  'domain.blocked',
  'domain.unblocked',
  'payout.complete',
  'payout.fail',
  'balance.adjust',
  'settings.changed',
  'site.changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

// The rows of the admin lists, as the API answers them (schemas in admin-api.ts).
export type { AdminLink, AdminProduct, AdminUser, AuditEntry } from './admin-api.ts';
