import type { IncomingMessage } from 'node:http';

/**
 * Requests come for this deployment's own host names or for creators' verified domains
 * (modules/domains). The domains fast path marks a request that came through a creator's domain with
 * its owner, for the modules that serve it (links: only the codes on that domain; products: only their store).
 */
const LINK_DOMAIN = Symbol('linkDomain');
const STOREFRONT_DOMAIN_OWNER = Symbol('storefrontDomainOwner');

/** The links domain a request came through: it serves the codes on that domain only. */
export interface LinkDomainMark {
  id: string;
  hostname: string;
}

type Marked = IncomingMessage & { [LINK_DOMAIN]?: LinkDomainMark; [STOREFRONT_DOMAIN_OWNER]?: string };

export function markLinkDomain(request: IncomingMessage, domain: LinkDomainMark) {
  (request as Marked)[LINK_DOMAIN] = domain;
}
/** The links domain this request came through, or undefined on the main host. */
export function linkDomainOf(request: IncomingMessage): LinkDomainMark | undefined {
  return (request as Marked)[LINK_DOMAIN];
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
