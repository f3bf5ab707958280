// Who a product page's view is from (decision 036): a person, not a network. A signed-in viewer is
// their account; anyone else their browser's visitor id, a first-party cookie given on the first view
// (HttpOnly, SameSite=Lax, 13 months). Both reach the database only as keyed hashes (links/visitor.ts),
// beside the keyed hash of the network that bounds how many visitors one address adds. Bots count not.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { domains } from '../../db/schema/domains.ts';
import { productViews } from '../../db/schema/products.ts';
import type { SessionUser } from '../../platform/session.ts';
import { attributionOf } from '../links/attribution.ts';
import type { CountryLookup } from '../links/geo.ts';
import { referrerHost } from '../links/user-agent.ts';
import { classifyVisitor, newVisitorId, today, visitorIdOf, VisitorKeys } from '../links/visitor.ts';
import type { ProductVisit } from './service.ts';

export function productVisit(
  request: FastifyRequest,
  reply: FastifyReply,
  viewer: SessionUser | null,
  deps: { keys: VisitorKeys; countries: CountryLookup; referrer: string | undefined; ownHost: string },
): ProductVisit {
  const counted = classifyVisitor(request.headers['user-agent'] ?? '').counted;
  let browser = visitorIdOf(request.headers.cookie);
  if (!browser && !viewer && counted) {
    const made = newVisitorId(request.protocol === 'https');
    browser = made.id;
    reply.header('Set-Cookie', made.cookie);
  }
  const person = viewer ? `user:${viewer.id}` : `browser:${browser ?? ''}`;
  const referrer = referrerHost(deps.referrer);
  return {
    viewer,
    counted,
    keys: (productId, day) => ({ visitor: deps.keys.ofPerson(person, productId, day), network: deps.keys.of(request.ip, productId, day) }),
    attribution: attributionOf(request.headers.cookie),
    // A page of this site that loaded the product page is no referring site (Analytics' sources, a sale's referrer).
    referrerDomain: referrer === '(direct)' || referrer === deps.ownHost.toLowerCase() ? null : referrer,
    country: deps.countries.country(request.ip) ?? null,
  };
}

/** The product views' visitor keys (the view route's and the checkout's: the same keyed hashes). */
export const productViewKeys = (secret: string) => new VisitorKeys(secret, 'product-views');

/** Who a buyer is as a product view's visitor: their account, and their browser's visitor id (viewed before signing in). */
export interface BuyerVisitor {
  keys: VisitorKeys;
  persons: string[];
}

export function buyerVisitor(keys: VisitorKeys, user: { id: string } | null, cookieHeader: string | undefined): BuyerVisitor {
  const browser = visitorIdOf(cookieHeader);
  return { keys, persons: [...(user ? [`user:${user.id}`] : []), ...(browser ? [`browser:${browser}`] : [])] };
}

/** How far back a view's referrer is kept for a sale (the attribution cookie's month, decision 026). */
const SALE_REFERRER_DAYS = 30;

/**
 * The site each product's buyer came from (a sale's referrer, issue #46): the referring domain of the
 * buyer's latest view of the product in the last SALE_REFERRER_DAYS days that had one (a later direct
 * visit does not erase it), looked up by the same keyed hashes the view stored (the person, the product,
 * the day). Zerri's own host and the creator's own domains are not referrers. No view: none.
 */
export async function viewReferrers(
  db: Executor,
  visitor: BuyerVisitor | undefined,
  items: readonly { productId: string; creatorId: string }[],
  ownHost: string,
): Promise<Map<string, string>> {
  if (!visitor?.persons.length || !items.length) return new Map();
  const now = Date.parse(`${today()}T00:00:00Z`);
  const days = Array.from({ length: SALE_REFERRER_DAYS + 1 }, (_, n) => new Date(now - n * 86_400_000).toISOString().slice(0, 10));
  // base64url keys: no commas, so one text parameter carries them all.
  const keys = items.flatMap((item) => visitor.persons.flatMap((person) => days.map((day) => visitor.keys.ofPerson(person, item.productId, day))));
  const wanted = items.map((item) => ({ product: item.productId, creator: item.creatorId }));
  const result = await db.execute<{ product_id: string; referrer_domain: string }>(sql`
    SELECT DISTINCT ON (v.product_id) v.product_id, v.referrer_domain
    FROM ${productViews} v
    JOIN jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS w(product uuid, creator text) ON w.product = v.product_id
    WHERE v.visitor = ANY(string_to_array(${keys.join(',')}, ',')) AND v.day >= ${days.at(-1)!}::date
      AND v.referrer_domain IS NOT NULL AND v.referrer_domain <> ${ownHost.toLowerCase()}
      AND NOT EXISTS (SELECT 1 FROM ${domains} d WHERE d.user_id = w.creator AND lower(d.hostname) = v.referrer_domain)
    ORDER BY v.product_id, v.day DESC`);
  return new Map(result.rows.map((row) => [row.product_id, row.referrer_domain]));
}
