// Who a product page's view is from (decision 036): a person, not a network. A signed-in viewer is
// their account; anyone else their browser's visitor id, a first-party cookie given on the first view
// (HttpOnly, SameSite=Lax, 13 months). Both reach the database only as keyed hashes (links/visitor.ts),
// beside the keyed hash of the network that bounds how many visitors one address adds. Bots count not.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/session.ts';
import { attributionOf } from '../links/attribution.ts';
import type { CountryLookup } from '../links/geo.ts';
import { referrerHost } from '../links/user-agent.ts';
import { classifyVisitor, newVisitorId, visitorIdOf, type VisitorKeys } from '../links/visitor.ts';
import type { ProductVisit } from './service.ts';

export function productVisit(
  request: FastifyRequest,
  reply: FastifyReply,
  viewer: SessionUser | null,
  deps: { keys: VisitorKeys; countries: CountryLookup; referrer: string | undefined },
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
    referrerDomain: referrer === '(direct)' ? null : referrer,
    country: deps.countries.country(request.ip) ?? null,
  };
}
