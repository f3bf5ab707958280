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

/**
 * Whether a raw header's name is `lower` in any case: the spellings of browsers (`usual`) and of HTTP/2
 * proxies (lower case) are compared first, as lower-casing makes a string.
 */
export const headerNamed = (name: string, usual: string, lower: string) => name === usual || name === lower || (name.length === lower.length && name.toLowerCase() === lower);

/**
 * The Host header straight from the raw header list, the first one as `req.headers` keeps it: the fast
 * paths read it without having Node build `req.headers` (an object of every header) per request.
 */
export function rawHost(rawHeaders: string[]): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) if (headerNamed(rawHeaders[i]!, 'Host', 'host')) return rawHeaders[i + 1];
  return undefined;
}

/** The last Host header and its host name: most requests an instance answers name the same host. */
let lastHeader: string | undefined;
let lastHost: string | undefined;

/** The host name of a Host header, lower case, without its port ("[::1]:3000" → "[::1]"). */
export function hostName(header: string | undefined): string | undefined {
  if (header === lastHeader) return lastHost;
  lastHeader = header;
  lastHost = parseHostName(header);
  return lastHost;
}

function parseHostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const host = header.toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return (colon < 0 ? host : host.slice(0, colon)).replace(/\.$/, '');
}
