// Every feature's routes with the schemas of their answers (src/shared/<feature>-api.ts), as types only.
import type { z } from 'zod';
import type { PathParams } from '#shared/api-contract.ts';
import type { ADMIN_API } from '#shared/admin-api.ts';
import type { AFFILIATES_API } from '#shared/affiliates-api.ts';
import type { AI_API } from '#shared/ai-api.ts';
import type { ANALYTICS_API } from '#shared/analytics-api.ts';
import type { API_KEYS_API } from '#shared/api-keys-api.ts';
import type { AUDIENCE_API } from '#shared/audience-api.ts';
import type { AUTH_API, BETTER_AUTH_ROUTES } from '#shared/auth-api.ts';
import type { COMMUNITY_API } from '#shared/community-api.ts';
import type { CREATOR_PAGE_API } from '#shared/creator-page-api.ts';
import type { CUSTOMERS_API } from '#shared/customers-api.ts';
import type { DESIGNS_API } from '#shared/designs-api.ts';
import type { DISCOUNTS_API } from '#shared/discounts-api.ts';
import type { DOMAINS_API } from '#shared/domains-api.ts';
import type { INVOICES_API } from '#shared/invoices-api.ts';
import type { JOBS_API } from '#shared/jobs-api.ts';
import type { LICENSES_API } from '#shared/licenses-api.ts';
import type { LINKS_API } from '#shared/links-api.ts';
import type { MEMBERSHIPS_API } from '#shared/memberships-api.ts';
import type { NEWSLETTER_API } from '#shared/newsletter-api.ts';
import type { NOTIFICATIONS_API } from '#shared/notifications-api.ts';
import type { CONVERSATIONS_API } from '#shared/conversations-api.ts';
import type { ONBOARDING_API } from '#shared/onboarding-api.ts';
import type { ORDERS_API } from '#shared/orders-api.ts';
import type { PAYOUTS_API } from '#shared/payouts-api.ts';
import type { PLANS_API } from '#shared/plans-api.ts';
import type { PRODUCTS_API } from '#shared/products-api.ts';
import type { PROFILES_API } from '#shared/profiles-api.ts';
import type { SALES_API } from '#shared/sales-api.ts';
import type { SITE_API } from '#shared/site-api.ts';
import type { TEAMS_API } from '#shared/teams-api.ts';
import type { WEBHOOKS_API } from '#shared/webhooks-api.ts';

type Routes = typeof ADMIN_API &
  typeof AFFILIATES_API &
  typeof AI_API &
  typeof ANALYTICS_API &
  typeof API_KEYS_API &
  typeof AUDIENCE_API &
  typeof AUTH_API &
  typeof BETTER_AUTH_ROUTES &
  typeof COMMUNITY_API &
  typeof CONVERSATIONS_API &
  typeof CREATOR_PAGE_API &
  typeof CUSTOMERS_API &
  typeof DESIGNS_API &
  typeof DISCOUNTS_API &
  typeof DOMAINS_API &
  typeof INVOICES_API &
  typeof JOBS_API &
  typeof LICENSES_API &
  typeof LINKS_API &
  typeof MEMBERSHIPS_API &
  typeof NEWSLETTER_API &
  typeof NOTIFICATIONS_API &
  typeof ONBOARDING_API &
  typeof ORDERS_API &
  typeof PAYOUTS_API &
  typeof PLANS_API &
  typeof PRODUCTS_API &
  typeof PROFILES_API &
  typeof SALES_API &
  typeof SITE_API &
  typeof TEAMS_API &
  typeof WEBHOOKS_API;

export type ApiRoute = keyof Routes & string;
/** What a route answers on success, as the server's schema describes it. */
export type ResponseOf<Route extends ApiRoute> = z.output<Routes[Route]>;
export type ParamsOf<Route extends ApiRoute> = PathParams<Route extends `${string} ${infer Path}` ? Path : never>;
