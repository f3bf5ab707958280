import { randomBytes } from 'node:crypto';
import {
  DOMAIN_LIMITS,
  DOMAIN_MESSAGES,
  DOMAIN_VERIFY_DAYS,
  DOMAINS_INTERNAL_CHANNEL,
  nextDomainState,
  verificationRecordName,
  verificationRecordValue,
  type DomainPurpose,
} from '#shared/domains.ts';
import type { Domain, Domains } from '#shared/domains-api.ts';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/context.ts';
import { checkDomainRecords, createDnsLookup, type DnsLookup, type DomainTarget } from './dns.ts';
import {
  countDomainLinks,
  countUserDomains,
  deleteUserDomain,
  domainsDueForCheck,
  findUserDomain,
  insertDomain,
  listUserDomains,
  lockAccountPlan,
  updateDomain,
  verifiedDomains,
  type DomainRow,
} from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A verified domain is checked again this long after its last check: removed records suspend it. */
export const RECHECK_VERIFIED_MS = 60 * 60 * 1000;
/** Domains one background run checks at most. */
const CHECK_BATCH = 100;

export interface DomainsDeps {
  db: Db;
  lookup: DnsLookup;
  target: DomainTarget;
  /** This deployment's own host names: never a creator's domain. */
  ownHosts: ReadonlySet<string>;
  /** Called when a domain starts or stops being served, so every instance reloads its host table. */
  changed: () => Promise<void>;
}

/** The deployment's host names, and what the domains module needs, from the app's config. */
export function domainsDeps(ctx: AppContext): DomainsDeps {
  const { config } = ctx;
  const publicHost = new URL(config.PUBLIC_URL).hostname.toLowerCase();
  return {
    db: ctx.database.db,
    lookup: createDnsLookup(config.DNS_SERVERS),
    target: { cname: config.DOMAINS_CNAME_TARGET ?? publicHost, addresses: config.DOMAINS_ADDRESSES },
    ownHosts: new Set([publicHost, 'localhost', '127.0.0.1', '[::1]', ...config.ALLOWED_HOSTS]),
    changed: () => ctx.realtime.publish(DOMAINS_INTERNAL_CHANNEL, 'domains.changed'),
  };
}

export function toDomainResponse(row: DomainRow, target: DomainTarget): Domain {
  return {
    id: row.id,
    hostname: row.hostname,
    purpose: row.purpose,
    state: row.state,
    problem: row.problem,
    txtName: verificationRecordName(row.hostname),
    txtValue: verificationRecordValue(row.token),
    cnameTarget: target.cname,
    addresses: [...target.addresses],
    checkedAt: row.checkedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    checkUntil: row.checkUntil.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

const domainNotFound = () => new NotFoundError(DOMAIN_MESSAGES.notFound, 'domain_not_found');

export async function listDomains(deps: DomainsDeps, userId: string, plan: keyof typeof DOMAIN_LIMITS): Promise<Domains> {
  const rows = await listUserDomains(deps.db, userId);
  return { items: rows.map((row) => toDomainResponse(row, deps.target)), limit: DOMAIN_LIMITS[plan] };
}

/** Adds a domain to check, within the plan's number; a host name belongs to one account at most. */
export async function addDomain(deps: DomainsDeps, userId: string, form: { hostname: string; purpose: DomainPurpose }, now = new Date()): Promise<Domain> {
  const { hostname, purpose } = form;
  if ([...deps.ownHosts].some((own) => hostname === own || hostname.endsWith(`.${own}`))) {
    throw new ForbiddenError(DOMAIN_MESSAGES.ownHost, 'domain_own_host');
  }
  try {
    const row = await deps.db.transaction(async (tx) => {
      const plan = (await lockAccountPlan(tx, userId)) ?? 'free';
      const max = DOMAIN_LIMITS[plan];
      if ((await countUserDomains(tx, userId)) >= max) {
        throw new ForbiddenError(DOMAIN_MESSAGES.limitReached(max), 'domain_limit_reached', { params: { max } });
      }
      return insertDomain(tx, { userId, hostname, purpose, token: randomBytes(16).toString('hex'), checkUntil: new Date(now.getTime() + DOMAIN_VERIFY_DAYS * DAY_MS) });
    });
    return toDomainResponse(row, deps.target);
  } catch (error) {
    if (isUniqueViolation(error, 'domains_hostname_unique')) throw new ConflictError(DOMAIN_MESSAGES.taken, 'domain_taken');
    throw error;
  }
}

/** Looks the domain's records up now and records the outcome; a domain given up gets another week. */
export async function verifyDomain(deps: DomainsDeps, userId: string, id: string, now = new Date()): Promise<Domain> {
  let row = await findUserDomain(deps.db, userId, id);
  if (!row) throw domainNotFound();
  if (row.state === 'failed') row = { ...row, state: 'pending', checkUntil: new Date(now.getTime() + DOMAIN_VERIFY_DAYS * DAY_MS) };
  return toDomainResponse(await checkDomain(deps, row, now), deps.target);
}

/**
 * Removes one of the user's domains. A links domain with links is kept (409 domain_has_links): its
 * codes would otherwise need a new home, and the main host's code space may hold the same codes.
 */
export async function removeDomain(deps: DomainsDeps, userId: string, id: string): Promise<void> {
  const hasLinks = (count: number) => new ConflictError(DOMAIN_MESSAGES.hasLinks(count), 'domain_has_links', { params: { count } });
  const links = await countDomainLinks(deps.db, id);
  if (links > 0 && (await findUserDomain(deps.db, userId, id))) throw hasLinks(links);
  let state: DomainRow['state'] | undefined;
  try {
    state = await deleteUserDomain(deps.db, userId, id);
  } catch (error) {
    // A link made on the domain in the meantime: the foreign key keeps the domain.
    if (isForeignKeyViolation(error, 'short_links_domain_id_domains_id_fk')) throw hasLinks(await countDomainLinks(deps.db, id));
    throw error;
  }
  if (!state) throw domainNotFound();
  if (state === 'verified') await deps.changed();
}

async function checkDomain(deps: DomainsDeps, row: DomainRow, now: Date): Promise<DomainRow> {
  const problem = await checkDomainRecords(deps.lookup, row, deps.target);
  const state = nextDomainState(row, problem, now);
  const updated = await updateDomain(deps.db, row.id, {
    state,
    problem,
    checkedAt: now,
    checkUntil: row.checkUntil,
    verifiedAt: state === 'verified' ? (row.verifiedAt ?? now) : row.verifiedAt,
  });
  if ((row.state === 'verified') !== (state === 'verified')) await deps.changed();
  return updated ?? row;
}

/** The background check (a recurring task): pending, suspended and long-unchecked verified domains. */
export async function checkDueDomains(deps: DomainsDeps, now = new Date()): Promise<number> {
  const rows = await domainsDueForCheck(deps.db, now, RECHECK_VERIFIED_MS, CHECK_BATCH);
  for (const row of rows) await checkDomain(deps, row, now);
  return rows.length;
}

/** A verified domain as the host table serves it. */
export interface ServedDomain {
  id: string;
  userId: string;
  purpose: DomainPurpose;
  slug: string | null;
  /** The creator chose their page (/@slug) as the storefront domain's home. */
  pageHome: boolean;
}

/**
 * Each creator's storefront domain as an origin (their first verified one, oldest first), for canonical
 * URLs: on this deployment's scheme, as custom domains are served behind the same TLS front.
 */
export function storefrontOriginsOf(served: ReadonlyMap<string, ServedDomain>, publicUrl: string): Map<string, string> {
  const { protocol } = new URL(publicUrl);
  const origins = new Map<string, string>();
  for (const [host, domain] of served) {
    if (domain.purpose === 'storefront' && !origins.has(domain.userId)) origins.set(domain.userId, `${protocol}//${host}`);
  }
  return origins;
}

/** Every verified domain by host name, for routing requests by Host. */
export async function loadServedDomains(db: Db): Promise<Map<string, ServedDomain>> {
  const rows = await verifiedDomains(db);
  return new Map(rows.map((row) => [row.hostname, { id: row.id, userId: row.userId, purpose: row.purpose, slug: row.slug, pageHome: row.pageHome ?? false }]));
}
