// The creator's Customers page (issue #46): one row per person who bought from or follows the creator,
// each figure summed from the records (sales and their refunds), and a person's history.
import type { Customer, CustomerHistory, CustomersPage } from '#shared/customers-api.ts';
import { CUSTOMER_KINDS, CUSTOMERS_MESSAGES } from '#shared/customers.ts';
import type { Currency } from '#shared/money.ts';
import type { Executor } from '../../db/client.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { storeCurrency } from '../profiles/queries.ts';
import { customerAudience, customerMemberships, customerSales, customersPage, type CustomerCursor, type CustomerFilter, type CustomerRow } from './queries.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toCustomer(row: CustomerRow, currency: Currency): Customer {
  const kinds = CUSTOMER_KINDS.filter((kind) => (kind === 'buyer' ? row.is_buyer : kind === 'follower' ? row.is_follower : row.is_member));
  return {
    email: row.email,
    name: row.name,
    kinds,
    products: row.products ?? [],
    purchases: Number(row.purchases),
    totalSpentCents: Number(row.spent),
    currency,
    firstPurchaseAt: iso(row.first_at),
    lastPurchaseAt: iso(row.last_at),
    membership: row.membership,
    subscription: row.subscription,
    confirmedAt: iso(row.confirmed_at),
    lastActivityAt: iso(row.activity_at)!,
  };
}

/** A timestamptz as PostgreSQL writes it ("2026-12-07 13:25:06.123456+00"). */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

const encodeCursor = (row: CustomerRow) => Buffer.from(JSON.stringify([row.activity_text, row.email])).toString('base64url');

function decodeCursor(cursor: string): CustomerCursor {
  try {
    const [at, email] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof email === 'string' && CURSOR_TIME.test(at)) return { at, email };
  } catch {
    // answered below
  }
  throw new BadRequestError(CUSTOMERS_MESSAGES.cursorInvalid, 'customers_cursor_invalid');
}

/** A page of the creator's customers and the cursor of the next one. */
export async function listCustomers(db: Executor, creatorId: string, query: CustomerFilter & { cursor?: string; limit: number }): Promise<CustomersPage> {
  const currency = await storeCurrency(db, creatorId);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const filter: CustomerFilter = { q: query.q || undefined, productId: query.productId, kind: query.kind, subscribed: query.subscribed };
  const rows = await customersPage(db, creatorId, currency, filter, cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { items: page.map((row) => toCustomer(row, currency)), next: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null, currency };
}

/** Every customer of the creator, a page at a time (the export). */
export async function* everyCustomer(db: Executor, creatorId: string, pageSize: number): AsyncGenerator<Customer[]> {
  const currency = await storeCurrency(db, creatorId);
  let cursor: CustomerCursor | null = null;
  for (;;) {
    const rows = await customersPage(db, creatorId, currency, {}, cursor, pageSize);
    if (rows.length > 0) yield rows.map((row) => toCustomer(row, currency));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.activity_text, email: last.email };
  }
}

/** One person's history with the creator; a person who is not the creator's customer is not found (404). */
export async function customerHistory(db: Executor, creatorId: string, rawEmail: string): Promise<CustomerHistory> {
  const email = rawEmail.trim().toLowerCase();
  const currency = await storeCurrency(db, creatorId);
  const [row] = await customersPage(db, creatorId, currency, { email }, null, 1);
  if (!row) throw new NotFoundError(CUSTOMERS_MESSAGES.customerNotFound, 'customer_not_found');
  const [sales, memberships, audience] = await Promise.all([customerSales(db, creatorId, email), customerMemberships(db, creatorId, email), customerAudience(db, creatorId, email)]);
  return {
    customer: toCustomer(row, currency),
    sales: sales.map((sale) => ({
      id: sale.id,
      productName: sale.product_name,
      amountCents: sale.amount_cents,
      discountCents: sale.discount_cents,
      refundedCents: sale.refunded_cents,
      currency: sale.currency,
      status: sale.status,
      createdAt: iso(sale.created_at)!,
      refunds: (sale.refunds ?? []).map((refund) => ({ amountCents: refund.amountCents, createdAt: iso(refund.createdAt)! })),
    })),
    memberships: memberships.map((membership) => ({
      productName: membership.product_name,
      tierName: membership.tier_name,
      status: membership.status,
      startedAt: iso(membership.created_at)!,
      trialEndsAt: iso(membership.trial_ends_at),
      currentPeriodEnd: iso(membership.current_period_end)!,
      cancelAtPeriodEnd: membership.cancel_at_period_end,
      canceledAt: iso(membership.canceled_at),
      endedAt: iso(membership.ended_at),
    })),
    signUp: audience.signed_at ? { createdAt: iso(audience.signed_at)!, confirmedAt: iso(audience.confirmed_at) } : null,
    followedAt: iso(audience.followed_at),
    unsubscribedAt: iso(audience.unsubscribed_at),
  };
}
