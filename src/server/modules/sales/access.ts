// Whether a sale still gives what it bought, for every read of sales that grants something (downloads,
// owned products, the creator's audience). A membership's sale gives access only while its subscription
// does (docs/decisions/022-memberships.md); it is read from the tables so sales need not import memberships.
import { sql, type SQL } from 'drizzle-orm';
import { ACCESS_STATUSES } from '#shared/memberships.ts';
import { subscriptions } from '../../db/schema/memberships.ts';
import { orders } from '../../db/schema/orders.ts';

const liveStatuses = sql.raw(ACCESS_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * The sale whose order is `saleOrderId` (default: the alias `s` in raw SQL) still gives what it bought:
 * any sale of a file, and a membership's sale while its subscription gives access.
 */
export function saleGivesAccess(saleOrderId: SQL = sql`s.order_id`): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${orders} ao JOIN ${subscriptions} asub ON asub.id = ao.subscription_id
    WHERE ao.id = ${saleOrderId} AND asub.status NOT IN (${liveStatuses}))`;
}
