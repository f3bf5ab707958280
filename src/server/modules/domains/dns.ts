import { Resolver } from 'node:dns/promises';
import type { DomainProblem } from '#shared/domains.ts';
import { verificationRecordName, verificationRecordValue } from '#shared/domains.ts';

/** The DNS answers a domain check reads; injectable so tests ask a local DNS server. */
export interface DnsLookup {
  txt(name: string): Promise<string[]>;
  cname(name: string): Promise<string[]>;
  addresses(name: string): Promise<string[]>;
}

/** Where a verified domain must point: a CNAME to this deployment's host, or A/AAAA records to its addresses. */
export interface DomainTarget {
  cname: string;
  addresses: readonly string[];
}

const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NOTFOUND']);

/** Lookups through the system's resolvers, or through `servers` ("127.0.0.1:5353") when given. */
export function createDnsLookup(servers: readonly string[], timeoutMs = 3000): DnsLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  // A name without such records is an empty answer; a failing server stays an error.
  const orNone = (error: NodeJS.ErrnoException): string[] => {
    if (error.code && NO_RECORD.has(error.code)) return [];
    throw error;
  };
  return {
    txt: (name) => resolver.resolveTxt(name).then((records) => records.map((parts) => parts.join('')), orNone),
    cname: (name) => resolver.resolveCname(name).catch(orNone),
    addresses: async (name) => [...(await resolver.resolve4(name).catch(orNone)), ...(await resolver.resolve6(name).catch(orNone))],
  };
}

const sameName = (a: string, b: string) => a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '');

/** What keeps a domain from being verified, or null when its TXT record and its pointing are right. */
export async function checkDomainRecords(lookup: DnsLookup, domain: { hostname: string; token: string }, target: DomainTarget): Promise<DomainProblem | null> {
  try {
    const txt = await lookup.txt(verificationRecordName(domain.hostname));
    if (txt.length === 0) return 'txt_missing';
    if (!txt.includes(verificationRecordValue(domain.token))) return 'txt_wrong';
    const cnames = await lookup.cname(domain.hostname);
    if (cnames.some((name) => sameName(name, target.cname))) return null;
    if (target.addresses.length > 0) {
      const addresses = await lookup.addresses(domain.hostname);
      if (addresses.some((address) => target.addresses.includes(address))) return null;
    }
    return 'not_pointing';
  } catch {
    return 'dns_error';
  }
}
