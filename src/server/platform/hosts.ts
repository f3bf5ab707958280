import type { IncomingMessage } from 'node:http';

/**
 * Requests come for this deployment's own host names or for creators' verified domains
 * (modules/domains). The domains fast path marks a request that came through a creator's domain with
 * its owner, for the modules that serve it (links: only the owner's codes; products: only their store).
 */
const LINK_DOMAIN_OWNER = Symbol('linkDomainOwner');
const STOREFRONT_DOMAIN_OWNER = Symbol('storefrontDomainOwner');

type Marked = IncomingMessage & { [LINK_DOMAIN_OWNER]?: string; [STOREFRONT_DOMAIN_OWNER]?: string };

export function markLinkDomain(request: IncomingMessage, ownerId: string) {
  (request as Marked)[LINK_DOMAIN_OWNER] = ownerId;
}
/** The owner of the links domain this request came through, or undefined on the main host. */
export function linkDomainOwner(request: IncomingMessage): string | undefined {
  return (request as Marked)[LINK_DOMAIN_OWNER];
}

export function markStorefrontDomain(request: IncomingMessage, ownerId: string) {
  (request as Marked)[STOREFRONT_DOMAIN_OWNER] = ownerId;
}
export function storefrontDomainOwner(request: IncomingMessage): string | undefined {
  return (request as Marked)[STOREFRONT_DOMAIN_OWNER];
}

/** The host name of a Host header, lower case, without its port ("[::1]:3000" → "[::1]"). */
export function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const host = header.toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return (colon < 0 ? host : host.slice(0, colon)).replace(/\.$/, '');
}
