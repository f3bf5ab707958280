/**
 * The routes a team member may call for an owner's store (decision 023), apart from teams.ts so the
 * web's API client reads them without zod.
 */

/** The request header that names whose store a request acts on (the owner's user id). */
export const ACCOUNT_HEADER = 'x-zerri-account';

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
  'POST /api/products/:id/publish': 'product.published',
  'POST /api/products/:id/unpublish': 'product.unpublished',
  'POST /api/products/:id/short-link': 'link.created',
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
  'GET /api/link-domains': null,
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
  'GET /api/my/sales/filters': null,
  'GET /api/sales/:id': null,
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
