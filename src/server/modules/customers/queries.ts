// The creator's customers, read straight from the tables that record them: sales (with refunds),
// follows, "Get updates" sign-ups, unsubscribes and membership subscriptions. One row per lowercased address.
import { sql, type SQL } from 'drizzle-orm';
import type { CustomerKind, MembershipState, SubscriptionState } from '#shared/customers.ts';
import type { Currency } from '#shared/money.ts';
import type { Executor } from '../../db/client.ts';
import { audienceSale, ownAddress } from '../audience/queries.ts';

export interface CustomerFilter {
  q?: string;
  productId?: string;
  kind?: CustomerKind;
  subscribed?: 'yes' | 'no';
  /** One address exactly (a person's history). */
  email?: string;
}

export interface CustomerCursor {
  at: string;
  email: string;
}

export interface CustomerRow {
  email: string;
  name: string | null;
  is_buyer: boolean;
  is_follower: boolean;
  is_member: boolean;
  /** The names of the products bought, filled in for the page's rows only (productNames). */
  products?: string[];
  purchases: number;
  spent: string | number;
  first_at: Date | string | null;
  last_at: Date | string | null;
  membership: MembershipState;
  subscription: SubscriptionState;
  confirmed_at: Date | string | null;
  activity_at: Date | string;
  /** last activity as PostgreSQL writes it (microseconds kept): the keyset cursor. */
  activity_text: string;
}

/**
 * Everyone of the creator, one row per address: the sums of their sales (every sale to the address;
 * the spent sum in the store currency only), follow, sign-up, unsubscribe and best membership.
 * Sales are grouped through sales_creator_buyer_idx (creator, lower(buyer_email)); each other table
 * through its creator index. Filters apply to the rows built; the order is last activity, newest first.
 */
function customersSelect(creatorId: string, currency: Currency, filter: CustomerFilter): SQL {
  const where: SQL[] = [sql`true`];
  if (filter.email !== undefined) where.push(sql`c.email = ${filter.email}`);
  if (filter.q) where.push(sql`(strpos(c.email, lower(${filter.q})) > 0 OR strpos(lower(coalesce(c.name, '')), lower(${filter.q})) > 0)`);
  if (filter.productId) {
    where.push(sql`EXISTS (SELECT 1 FROM sales s WHERE s.creator_id = ${creatorId} AND lower(s.buyer_email) = c.email AND s.product_id = ${filter.productId}::uuid)`);
  }
  if (filter.kind === 'buyer') where.push(sql`c.is_buyer`);
  if (filter.kind === 'follower') where.push(sql`c.is_follower`);
  if (filter.kind === 'member') where.push(sql`c.is_member`);
  if (filter.subscribed === 'yes') where.push(sql`c.subscription = 'subscribed'`);
  if (filter.subscribed === 'no') where.push(sql`c.subscription <> 'subscribed'`);
  const oneEmail = (column: SQL) => (filter.email !== undefined ? sql`AND ${column} = ${filter.email}` : sql``);
  return sql`
    WITH bought AS (
      SELECT lower(s.buyer_email) AS email,
        count(*)::int AS purchases,
        coalesce(sum(s.amount_cents - s.refunded_cents) FILTER (WHERE s.currency = ${currency}), 0)::bigint AS spent,
        min(s.created_at) AS first_at, max(s.created_at) AS last_at,
        max(s.buyer_user_id) AS user_id,
        bool_or(${audienceSale(creatorId)}) AS consenting
      FROM sales s
      WHERE s.creator_id = ${creatorId} ${oneEmail(sql`lower(s.buyer_email)`)}
      GROUP BY lower(s.buyer_email)
    ),
    followed AS (
      SELECT DISTINCT ON (lower(u.email)) lower(u.email) AS email, u.id AS user_id, f.created_at AS at
      FROM follows f JOIN users u ON u.id = f.follower_id
      WHERE f.followee_id = ${creatorId} ${oneEmail(sql`lower(u.email)`)}
      ORDER BY lower(u.email), f.created_at
    ),
    signed AS (
      SELECT a.email, a.name, a.created_at, a.confirmed_at FROM audience_subscribers a
      WHERE a.creator_id = ${creatorId} ${oneEmail(sql`a.email`)}
    ),
    member AS (
      SELECT lower(m.subscriber_email) AS email,
        CASE WHEN bool_or(m.status IN ('active', 'past_due')) THEN 'active' WHEN bool_or(m.status = 'trialing') THEN 'trialing' ELSE 'cancelled' END AS state,
        max(greatest(m.created_at, m.canceled_at, m.ended_at)) AS at,
        (array_agg(m.subscriber_user_id ORDER BY m.created_at DESC))[1] AS user_id
      FROM subscriptions m
      WHERE m.creator_id = ${creatorId} AND m.subject = 'membership' ${oneEmail(sql`lower(m.subscriber_email)`)}
      GROUP BY lower(m.subscriber_email)
    ),
    people AS (SELECT email FROM bought UNION SELECT email FROM followed UNION SELECT email FROM signed UNION SELECT email FROM member),
    built AS (
      SELECT p.email,
        coalesce(nullif(u.name, ''), sg.name) AS name,
        b.email IS NOT NULL AS is_buyer,
        (fo.email IS NOT NULL OR sg.email IS NOT NULL) AS is_follower,
        m.email IS NOT NULL AS is_member,
        coalesce(b.purchases, 0) AS purchases,
        coalesce(b.spent, 0) AS spent,
        b.first_at, b.last_at,
        coalesce(m.state, 'none') AS membership,
        -- Who posts reach, as the audience has it (audience/queries.ts): never the creator's own addresses.
        CASE WHEN ${ownAddress(creatorId, sql`p.email`)} THEN 'not_subscribed'
          WHEN x.email IS NOT NULL THEN 'unsubscribed'
          WHEN sg.confirmed_at IS NOT NULL OR fo.email IS NOT NULL OR coalesce(b.consenting, false) THEN 'subscribed'
          WHEN sg.email IS NOT NULL THEN 'pending'
          ELSE 'not_subscribed' END AS subscription,
        sg.confirmed_at,
        greatest(b.last_at, fo.at, sg.created_at, sg.confirmed_at, m.at) AS activity_at
      FROM people p
      LEFT JOIN bought b ON b.email = p.email
      LEFT JOIN followed fo ON fo.email = p.email
      LEFT JOIN signed sg ON sg.email = p.email
      LEFT JOIN member m ON m.email = p.email
      -- The account's name only when the account is this address's (a signed-in buyer may check out with another address).
      LEFT JOIN users u ON u.id = coalesce(fo.user_id, m.user_id, b.user_id) AND lower(u.email) = p.email
      LEFT JOIN audience_unsubscribes x ON x.creator_id = ${creatorId} AND x.email = p.email
      WHERE p.email <> ''
    )
    SELECT c.*, c.activity_at::text AS activity_text FROM built c WHERE ${sql.join(where, sql` AND `)}`;
}

/** The query of one page of the creator's customers, newest activity first, after `cursor`. */
function customersPageQuery(creatorId: string, currency: Currency, filter: CustomerFilter, cursor: CustomerCursor | null, limit: number): SQL {
  const after = cursor ? sql`WHERE (r.activity_at < ${cursor.at}::timestamptz OR (r.activity_at = ${cursor.at}::timestamptz AND r.email > ${cursor.email}))` : sql``;
  return sql`
    SELECT r.* FROM (${customersSelect(creatorId, currency, filter)}) r ${after}
    ORDER BY r.activity_at DESC, r.email ASC
    LIMIT ${limit}`;
}

export async function customersPage(
  executor: Executor,
  creatorId: string,
  currency: Currency,
  filter: CustomerFilter,
  cursor: CustomerCursor | null,
  limit: number,
): Promise<CustomerRow[]> {
  const { rows } = await executor.execute<CustomerRow & Record<string, unknown>>(customersPageQuery(creatorId, currency, filter, cursor, limit));
  const names = await productNames(executor, creatorId, rows.filter((row) => row.is_buyer).map((row) => row.email));
  return rows.map((row) => ({ ...row, products: names.get(row.email) ?? [] }));
}

/**
 * The names of the products each of these addresses bought (each once, in order): read for one page's
 * people through sales_creator_buyer_idx, so the list's grouping of every sale stays a plain sum.
 */
async function productNames(executor: Executor, creatorId: string, emails: string[]): Promise<Map<string, string[]>> {
  if (emails.length === 0) return new Map();
  const { rows } = await executor.execute<{ email: string; names: string[] }>(sql`
    SELECT lower(s.buyer_email) AS email, array_agg(DISTINCT s.product_name ORDER BY s.product_name) AS names
    FROM sales s
    WHERE s.creator_id = ${creatorId} AND lower(s.buyer_email) IN (${sql.join(
      emails.map((email) => sql`${email}`),
      sql`, `,
    )})
    GROUP BY lower(s.buyer_email)`);
  return new Map(rows.map((row) => [row.email, row.names]));
}

/** A person's sales of this creator, newest first, with their refunds. */
export async function customerSales(executor: Executor, creatorId: string, email: string) {
  const { rows } = await executor.execute<{
    id: string;
    product_name: string;
    amount_cents: number;
    discount_cents: number;
    refunded_cents: number;
    currency: Currency;
    status: 'completed' | 'refunded';
    created_at: Date | string;
    refunds: { amountCents: number; createdAt: string }[] | null;
  }>(sql`
    SELECT s.id, s.product_name, s.amount_cents, s.discount_cents, s.refunded_cents, s.currency, s.status, s.created_at,
      (SELECT json_agg(json_build_object('amountCents', r.amount_cents, 'createdAt', r.created_at) ORDER BY r.created_at)
         FROM sale_refunds r WHERE r.sale_id = s.id) AS refunds
    FROM sales s
    WHERE s.creator_id = ${creatorId} AND lower(s.buyer_email) = ${email}
    ORDER BY s.created_at DESC, s.id
    LIMIT 500`);
  return rows;
}

/** A person's memberships of this creator's products, newest first. */
export async function customerMemberships(executor: Executor, creatorId: string, email: string) {
  const { rows } = await executor.execute<{
    product_name: string;
    tier_name: string | null;
    status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'ended';
    created_at: Date | string;
    trial_ends_at: Date | string | null;
    current_period_end: Date | string;
    cancel_at_period_end: boolean;
    canceled_at: Date | string | null;
    ended_at: Date | string | null;
  }>(sql`
    SELECT m.product_name, m.tier_name, m.status, m.created_at, m.trial_ends_at, m.current_period_end, m.cancel_at_period_end, m.canceled_at, m.ended_at
    FROM subscriptions m
    WHERE m.creator_id = ${creatorId} AND m.subject = 'membership' AND lower(m.subscriber_email) = ${email}
    ORDER BY m.created_at DESC
    LIMIT 100`);
  return rows;
}

/** The person's sign-up, follow and unsubscribe times with this creator. */
export async function customerAudience(executor: Executor, creatorId: string, email: string) {
  const { rows } = await executor.execute<{
    signed_at: Date | string | null;
    confirmed_at: Date | string | null;
    followed_at: Date | string | null;
    unsubscribed_at: Date | string | null;
  }>(sql`
    SELECT
      (SELECT a.created_at FROM audience_subscribers a WHERE a.creator_id = ${creatorId} AND a.email = ${email}) AS signed_at,
      (SELECT a.confirmed_at FROM audience_subscribers a WHERE a.creator_id = ${creatorId} AND a.email = ${email}) AS confirmed_at,
      (SELECT min(f.created_at) FROM follows f JOIN users u ON u.id = f.follower_id WHERE f.followee_id = ${creatorId} AND lower(u.email) = ${email}) AS followed_at,
      (SELECT x.created_at FROM audience_unsubscribes x WHERE x.creator_id = ${creatorId} AND x.email = ${email}) AS unsubscribed_at`);
  return rows[0]!;
}
