import type { Role } from './auth.ts';
import type { PlanId } from './plans.ts';

// Admin management (SPEC §2 admin sidebar; issue 8): users, products, links and the audit log.

export const ADMIN_MESSAGES = {
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
  'settings.changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  plan: PlanId;
  avatarUrl: string;
  storefrontSlug: string;
  emailVerified: boolean;
  suspendedAt: string | null;
  productCount: number;
  createdAt: string;
}

export interface AdminProduct {
  id: string;
  name: string;
  priceCents: number;
  category: string;
  views: number;
  salesCount: number;
  hiddenAt: string | null;
  createdAt: string;
  creator: { id: string; name: string; email: string; suspended: boolean };
}

export interface AdminLink {
  code: string;
  url: string;
  clicks: number;
  isCustom: boolean;
  bannedAt: string | null;
  createdAt: string;
  owner: { id: string; email: string } | null;
}

export interface AuditEntry {
  id: number;
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
  createdAt: string;
}
