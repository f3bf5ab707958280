/** The Customers page's routes, the audience import and export, and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { currencySchema, type ApiRoutes } from './api-contract.ts';
import { CUSTOMER_KINDS, CUSTOMER_SEARCH_MAX, CUSTOMERS_PAGE_SIZE, CUSTOMERS_PAGE_SIZE_MAX, MEMBERSHIP_STATES, SUBSCRIPTION_STATES } from './customers.ts';
import { SALE_STATUSES } from './sales.ts';
import { SUBSCRIPTION_STATUSES } from './memberships.ts';

/** GET /api/my/customers: search, filters and the keyset page (the `next` of the page before). */
export const customersQuerySchema = z.object({
  /** Part of the e-mail or name, any letter case. */
  q: z.string().trim().max(CUSTOMER_SEARCH_MAX).optional(),
  /** People who bought this product. */
  productId: z.uuid().optional(),
  kind: z.enum(CUSTOMER_KINDS).optional(),
  /** yes: their state is `subscribed`; no: any other. */
  subscribed: z.enum(['yes', 'no']).optional(),
  cursor: z.string().max(600).optional(),
  limit: z.coerce.number().int().min(1).max(CUSTOMERS_PAGE_SIZE_MAX).default(CUSTOMERS_PAGE_SIZE),
});
export type CustomersQuery = z.input<typeof customersQuerySchema>;

/** One person: everything the creator's records say about one lowercased address. */
export const customerSchema = z.object({
  email: z.string(),
  /** The buyer's or follower's account name, else the name an import gave; null when none is known. */
  name: z.string().nullable(),
  kinds: z.array(z.enum(CUSTOMER_KINDS)),
  /** The names of the products bought (each once), and the number of sales. */
  products: z.array(z.string()),
  purchases: z.number().int(),
  /** Sum of amount − refunded of their sales, in `currency` (src/shared/customers.ts totalSpentCents). */
  totalSpentCents: z.number().int(),
  currency: currencySchema,
  firstPurchaseAt: z.string().nullable(),
  lastPurchaseAt: z.string().nullable(),
  membership: z.enum(MEMBERSHIP_STATES),
  subscription: z.enum(SUBSCRIPTION_STATES),
  /** When their "Get updates" sign-up or import was confirmed. */
  confirmedAt: z.string().nullable(),
  /** The latest of their purchases, follow, sign-up and membership: the list's order. */
  lastActivityAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customersPageSchema = z.object({
  items: z.array(customerSchema),
  /** The cursor of the next page; null on the last. */
  next: z.string().nullable(),
  currency: currencySchema,
});
export type CustomersPage = z.infer<typeof customersPageSchema>;

/** A person's history with the creator: their sales with each refund, memberships, subscription. */
export const customerHistorySchema = z.object({
  customer: customerSchema,
  sales: z.array(
    z.object({
      id: z.string(),
      productName: z.string(),
      amountCents: z.number().int(),
      discountCents: z.number().int(),
      refundedCents: z.number().int(),
      currency: currencySchema,
      status: z.enum(SALE_STATUSES),
      createdAt: z.string(),
      refunds: z.array(z.object({ amountCents: z.number().int(), createdAt: z.string() })),
    }),
  ),
  memberships: z.array(
    z.object({
      productName: z.string(),
      tierName: z.string().nullable(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      startedAt: z.string(),
      trialEndsAt: z.string().nullable(),
      currentPeriodEnd: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      canceledAt: z.string().nullable(),
      endedAt: z.string().nullable(),
    }),
  ),
  /** The "Get updates" sign-up (or import), when there is one. */
  signUp: z.object({ createdAt: z.string(), confirmedAt: z.string().nullable() }).nullable(),
  followedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type CustomerHistory = z.infer<typeof customerHistorySchema>;

/** POST /api/audience/import's counts: every data row of the file is in exactly one of them. */
export const audienceImportResultSchema = z.object({
  /** New pending subscribers, each sent the confirmation mail. */
  added: z.number().int(),
  /** Already signed up (confirmed or pending) or following: left as they were, mailed nothing. */
  alreadySubscribed: z.number().int(),
  /** Unsubscribed from this creator before: never added again. */
  unsubscribedSkipped: z.number().int(),
  /** Not an e-mail address. */
  invalid: z.number().int(),
  /** The same address again further down the file. */
  duplicates: z.number().int(),
  /** New addresses left out: their confirmation mails would have gone over the plan's e-mails this month. */
  overLimit: z.number().int(),
});
export type AudienceImportResult = z.infer<typeof audienceImportResultSchema>;

export const CUSTOMERS_API = {
  'GET /api/my/customers': customersPageSchema,
  'GET /api/my/customers/:email': customerHistorySchema,
  'POST /api/audience/import': audienceImportResultSchema,
} as const satisfies ApiRoutes;
