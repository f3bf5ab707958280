/**
 * Team users (issue #24, decision 023): an owner on a plan with team seats invites people by e-mail;
 * a member signs in with their own account and works on the owner's store. A request acts for a store
 * by sending its owner's id in the ACCOUNT_HEADER, and only on the routes of TEAM_ROUTES.
 */
import { z } from 'zod';
import { PLANS, type PlanId } from './plans.ts';

/** The request header that names whose store a request acts on (the owner's user id). */
export const ACCOUNT_HEADER = 'x-zerri-account';

/** Days an invitation can be accepted. */
export const TEAM_INVITE_DAYS = 7;

export const teamSeatsOf = (plan: PlanId): number => PLANS.find((candidate) => candidate.id === plan)?.teamSeats ?? 0;

/**
 * Every route a member may call for the owner's store, with the audit action a change through it
 * records (null: a read, not recorded). Anything else sent with ACCOUNT_HEADER is refused (403).
 * Payouts, payout method, plan, API keys, domains, webhooks, deleting the account, team management
 * and refunds stay the owner's (decision 023).
 */
export const TEAM_ROUTES = {
  'GET /api/my/products': null,
  'GET /api/products/:id': null,
  'GET /api/products/:id/file': null,
  'POST /api/products': 'product.created',
  'PATCH /api/products/:id': 'product.updated',
  'DELETE /api/products/:id': 'product.deleted',
  'GET /api/products/:id/versions': null,
  'POST /api/products/:id/versions': 'product.version_created',
  'PATCH /api/products/:id/versions/:versionId': 'product.version_updated',
  'DELETE /api/products/:id/versions/:versionId': 'product.version_deleted',
  'PUT /api/products/:id/versions/order': 'product.versions_ordered',
  'GET /api/links': null,
  'POST /api/links': 'link.created',
  'GET /api/links/:code': null,
  'GET /api/links/:code/stats': null,
  'PATCH /api/links/:code': 'link.updated',
  'DELETE /api/links/:code': 'link.deleted',
  'GET /api/link-tags': null,
  'POST /api/link-tags': 'link_tag.created',
  'PATCH /api/link-tags/:id': 'link_tag.updated',
  'DELETE /api/link-tags/:id': 'link_tag.deleted',
  'GET /api/invoices': null,
  'POST /api/invoices': 'invoice.created',
  'POST /api/invoices/payment-requests': 'invoice.payment_request_created',
  'GET /api/invoices/:id': null,
  'POST /api/invoices/:id/mark-paid': 'invoice.marked_paid',
  'POST /api/invoices/:id/send': 'invoice.sent',
  'GET /api/invoices/:id/pdf': null,
  'GET /api/my/sales': null,
  'GET /api/my/overview': null,
  'GET /api/sales/export.csv': null,
} as const satisfies Record<string, string | null>;

export type TeamRoute = keyof typeof TEAM_ROUTES;
export type TeamAction = NonNullable<(typeof TEAM_ROUTES)[TeamRoute]>;

export const isTeamRoute = (key: string): key is TeamRoute => Object.hasOwn(TEAM_ROUTES, key);

const patterns = Object.keys(TEAM_ROUTES).map((key) => {
  const [method, path] = key.split(' ') as [string, string];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return { method, pattern: new RegExp(`^${source}$`) };
});

/** Whether a concrete request (`GET`, `/api/products/abc?x=1`) goes to a team route (the web's switcher uses it). */
export function teamRouteMatches(method: string, url: string): boolean {
  const path = url.split(/[?#]/)[0]!;
  return patterns.some((route) => route.method === method.toUpperCase() && route.pattern.test(path));
}

export const TEAM_MESSAGES = {
  planRequired: 'Team users are part of the Business plan.',
  seatsFull: (seats: number) => `Your plan has ${seats} team seats, and they are all taken. Remove a member or revoke an invitation first.`,
  emailRequired: 'Please enter an e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
  cannotInviteSelf: 'You cannot invite yourself.',
  alreadyMember: 'This person is already on your team.',
  alreadyInvited: 'This e-mail address already has a pending invitation.',
  inviteNotFound: 'That invitation was not found.',
  memberNotFound: 'That team member was not found.',
  inviteInvalid: 'This invitation link is not valid any more. Ask the store owner for a new one.',
  inviteOtherEmail: (email: string) => `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  notMember: 'You are not a member of this store’s team.',
  routeNotAllowed: 'Team members cannot do this on the owner’s store.',
  apiKeyNotAllowed: 'API keys act only for their own account.',
  ownerOnly: 'Only the store owner can manage the team.',
} as const;

export const inviteSchema = z.object({
  email: z.string().trim().min(1, TEAM_MESSAGES.emailRequired).max(254, TEAM_MESSAGES.emailInvalid).pipe(z.email(TEAM_MESSAGES.emailInvalid)),
});
export type InviteInput = z.infer<typeof inviteSchema>;

export const acceptInviteSchema = z.object({ token: z.string().min(20).max(200) });
