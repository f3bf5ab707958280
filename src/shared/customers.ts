// The creator's Customers page (issue #46): one row per person who bought from the creator or follows
// them, their figures and states. No I/O; the server and the web share these rules and messages.
import { csvLine } from './csv.ts';
import { type Currency, decimalAmount } from './money.ts';

/** What a person is to the creator (several at once): bought something, follows or signed up for updates, has a membership. */
export const CUSTOMER_KINDS = ['buyer', 'follower', 'member'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/**
 * A person's membership with the creator, the best of their subscriptions: `active` while one gives
 * access (active, or past due within its grace period), else `trialing` in a free trial, else
 * `cancelled` (every membership cancelled or ended), `none` without one.
 */
export const MEMBERSHIP_STATES = ['active', 'trialing', 'cancelled', 'none'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

/**
 * Whether the creator's posts reach the person: `subscribed` (a confirmed "Get updates" sign-up, a
 * follower, or a buyer who counts as a customer for posts: a paid sale not wholly refunded, or a free
 * one whose buyer confirmed), `pending` (signed up or imported, confirmation link not followed yet:
 * mailed nothing else), `unsubscribed` (said no: never mailed, never re-added by an import),
 * `not_subscribed` (none of these, e.g. only a wholly refunded sale).
 */
export const SUBSCRIPTION_STATES = ['subscribed', 'pending', 'unsubscribed', 'not_subscribed'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** People per page of GET /api/my/customers (keyset: by last activity, newest first). */
export const CUSTOMERS_PAGE_SIZE = 50;
export const CUSTOMERS_PAGE_SIZE_MAX = 200;
export const CUSTOMER_SEARCH_MAX = 200;

/**
 * A person's total spent: the sum over their sales of this creator (every sale to their address,
 * lowercased, in the store's currency) of `amount − refunded`: the amount is what they paid for the
 * product after any discount and before tax (tax is not the creator's money), less what refunds and
 * disputes gave back. A wholly refunded sale adds 0; nothing is floored at zero.
 */
export const totalSpentCents = (sales: readonly { amountCents: number; refundedCents: number }[]): number =>
  sales.reduce((sum, sale) => sum + sale.amountCents - sale.refundedCents, 0);

export const CUSTOMERS_MESSAGES = {
  customerNotFound: 'Customer not found.',
  cursorInvalid: 'This page of customers is no longer valid. Please reload the list.',
  creatorsOnly: 'Only creators have customers.',
} as const;

/** Creators (admins too, their own store) have customers; buyers and companies do not. */
export const canSeeCustomers = (user: { role: string }): boolean => user.role === 'creator' || user.role === 'admin';

/** A person as the audience export writes them. */
export interface ExportedCustomer {
  email: string;
  name: string | null;
  kinds: readonly CustomerKind[];
  subscription: SubscriptionState;
  confirmedAt: string | null;
  totalSpentCents: number;
  currency: Currency;
  purchases: number;
  firstPurchaseAt: string | null;
  lastPurchaseAt: string | null;
  membership: MembershipState;
}

/** The export's columns in order: a stable English header (a file for tools, not translated) and the cell. */
export const CUSTOMERS_EXPORT_COLUMNS: readonly { header: string; value: (person: ExportedCustomer) => string | number }[] = [
  { header: 'email', value: (person) => person.email },
  { header: 'name', value: (person) => person.name ?? '' },
  /** buyer, follower, member, separated by `;`. */
  { header: 'kind', value: (person) => person.kinds.join(';') },
  { header: 'subscribed', value: (person) => person.subscription },
  /** When the "Get updates" sign-up (or import) was confirmed. */
  { header: 'confirmed_at', value: (person) => person.confirmedAt ?? '' },
  { header: 'total_spent', value: (person) => decimalAmount(person.totalSpentCents, person.currency) },
  { header: 'currency', value: (person) => person.currency },
  { header: 'purchases', value: (person) => person.purchases },
  { header: 'first_purchase', value: (person) => person.firstPurchaseAt ?? '' },
  { header: 'last_purchase', value: (person) => person.lastPurchaseAt ?? '' },
  { header: 'membership', value: (person) => person.membership },
];

export const customersExportHeader = (): string => csvLine(CUSTOMERS_EXPORT_COLUMNS.map((column) => column.header));
export const customersExportLine = (person: ExportedCustomer): string => csvLine(CUSTOMERS_EXPORT_COLUMNS.map((column) => column.value(person)));
/** `audience-2026-12-07.csv`, by the UTC day of the export. */
export const customersExportFileName = (now: Date): string => `audience-${now.toISOString().slice(0, 10)}.csv`;
