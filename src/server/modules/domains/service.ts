import { randomBytes } from 'node:crypto';
import {
  DOMAIN_LIMITS,
  DOMAIN_MESSAGES,
  DOMAIN_VERIFY_DAYS,
  DOMAINS_INTERNAL_CHANNEL,
  nextDomainState,
  servedDomainIds,
  verificationRecordName,
  verificationRecordValue,
  type DomainPurpose,
} from '#shared/domains.ts';
import type { Domain, Domains } from '#shared/domains-api.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/context.ts';
import { checkDomainRecords, createDnsLookup, type DnsLookup, type DomainTarget } from './dns.ts';
import {
  accountPlan,
  countDomainLinks,
  countUserDomains,
  deleteUserDomain,
  domainsDueForCheck,
  findUserDomain,
  hostnameUnavailable,
  insertDomain,
  listUserDomains,
  lockAccountPlan,
  lockDomain,
  lockHostname,
  releaseOtherClaims,
  updateDomain,
  verifiedClaim,
  verifiedDomains,
  verifiedDomainsOfHolder,
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

export function toDomainResponse(row: DomainRow, target: DomainTarget, overPlanLimit = false): Domain {
  return {
    id: row.id,
    hostname: row.hostname,
    purpose: row.purpose,
    state: row.state,
    problem: row.problem,
    overPlanLimit,
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

/** The account's domains; a verified one beyond the plan's number (after a downgrade) is marked overPlanLimit. */
export async function listDomains(deps: DomainsDeps, userId: string, plan: keyof typeof DOMAIN_LIMITS): Promise<Domains> {
  const rows = await listUserDomains(deps.db, userId);
  const served = servedDomainIds(
    rows.filter((row) => row.state === 'verified'),
    DOMAIN_LIMITS[plan],
  );
  return { items: rows.map((row) => toDomainResponse(row, deps.target, row.state === 'verified' && !served.has(row.id))), limit: DOMAIN_LIMITS[plan] };
}

/**
 * Adds a domain to check, within the plan's number. Any number of accounts may claim a host name
 * while nobody has verified it (a claim proves nothing until its DNS records do); one verified by an
 * account, or already claimed by this one, is 409 domain_taken.
 */
export async function addDomain(deps: DomainsDeps, userId: string, form: { hostname: string; purpose: DomainPurpose }, now = new Date()): Promise<Domain> {
  const { hostname, purpose } = form;
  if ([...deps.ownHosts].some((own) => hostname === own || hostname.endsWith(`.${own}`))) {
    throw new ForbiddenError(DOMAIN_MESSAGES.ownHost, 'domain_own_host');
  }
  try {
    const row = await deps.db.transaction(async (tx) => {
      const plan = (await lockAccountPlan(tx, userId)) ?? 'free';
      const max = DOMAIN_LIMITS[plan];
      if (await hostnameUnavailable(tx, userId, hostname)) throw new ConflictError(DOMAIN_MESSAGES.taken, 'domain_taken');
      if ((await countUserDomains(tx, userId)) >= max) {
        throw new ForbiddenError(DOMAIN_MESSAGES.limitReached(max), 'domain_limit_reached', { params: { max } });
      }
      return insertDomain(tx, { userId, hostname, purpose, token: randomBytes(16).toString('hex'), checkUntil: new Date(now.getTime() + DOMAIN_VERIFY_DAYS * DAY_MS) });
    });
    return toDomainResponse(row, deps.target);
  } catch (error) {
    if (isUniqueViolation(error, 'domains_user_hostname_unique')) throw new ConflictError(DOMAIN_MESSAGES.taken, 'domain_taken');
    throw error;
  }
}

/**
 * Looks the domain's records up now and records the outcome; a domain given up (or lost to another
 * account's verification) gets another week.
 */
export async function verifyDomain(deps: DomainsDeps, userId: string, id: string, now = new Date()): Promise<Domain> {
  let row = await findUserDomain(deps.db, userId, id);
  if (!row) throw domainNotFound();
  if (row.state === 'failed') row = { ...row, state: 'pending', checkUntil: new Date(now.getTime() + DOMAIN_VERIFY_DAYS * DAY_MS) };
  const checked = await checkDomain(deps, row, now);
  if (!checked) throw domainNotFound();
  const listed = await listDomains(deps, userId, await accountPlan(deps.db, userId));
  return listed.items.find((item) => item.id === checked.id) ?? toDomainResponse(checked, deps.target);
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

/**
 * Checks a domain's records and records the outcome. The DNS lookup runs first, outside any
 * transaction; then, under the host name's lock and with the row locked, a claim whose host name
 * another account verified meanwhile fails (verified_elsewhere), and a claim that verifies releases
 * the others (failed, verified_elsewhere). Two claims verifying at once: exactly one wins, the
 * partial unique index (one verified row per host name) being the last guard. Undefined when the
 * row is gone.
 */
async function checkDomain(deps: DomainsDeps, row: DomainRow, now: Date): Promise<DomainRow | undefined> {
  const problem = await checkDomainRecords(deps.lookup, row, deps.target);
  let before: DomainRow['state'] | undefined;
  const outcome = async (tx: Tx) => {
    await lockHostname(tx, row.hostname);
    const current = await lockDomain(tx, row.id);
    if (!current) return undefined;
    before = current.state;
    const holder = await verifiedClaim(tx, row.hostname);
    if (holder && holder.id !== row.id) {
      return updateDomain(tx, row.id, { state: 'failed', problem: 'verified_elsewhere', checkedAt: now, checkUntil: row.checkUntil });
    }
    // The state as the caller saw it: "Check now" on a failed claim checks it as pending for another week.
    const state = nextDomainState({ state: current.state === 'failed' ? row.state : current.state, checkUntil: row.checkUntil }, problem, now);
    const updated = await updateDomain(tx, row.id, {
      state,
      problem,
      checkedAt: now,
      checkUntil: row.checkUntil,
      // A suspended domain verified again keeps its date (its place among the plan's served ones); a claim verified anew starts now.
      verifiedAt: state !== 'verified' ? current.verifiedAt : current.state === 'suspended' || current.state === 'verified' ? (current.verifiedAt ?? now) : now,
    });
    if (state === 'verified') await releaseOtherClaims(tx, row.hostname, row.id, now);
    return updated;
  };
  let updated: DomainRow | undefined;
  try {
    updated = await deps.db.transaction(outcome);
  } catch (error) {
    if (!isUniqueViolation(error, 'domains_hostname_verified_unique')) throw error;
    updated = await updateDomain(deps.db, row.id, { state: 'failed', problem: 'verified_elsewhere', checkedAt: now, checkUntil: row.checkUntil });
  }
  if (updated && (before === 'verified') !== (updated.state === 'verified')) await deps.changed();
  return updated;
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

/**
 * Every served domain by host name, for routing requests by Host: the verified ones, each account's
 * up to its plan's number (servedDomainIds: the oldest verified). A plan's change announces
 * `domains.changed` (plans' setAccountPlan), so a downgrade that takes effect stops serving the
 * others on every instance, and an upgrade serves them again.
 */
export async function loadServedDomains(db: Db): Promise<Map<string, ServedDomain>> {
  const rows = await verifiedDomains(db);
  const byUser = new Map<string, typeof rows>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const served = new Set<string>();
  for (const own of byUser.values()) for (const id of servedDomainIds(own, DOMAIN_LIMITS[own[0]!.plan])) served.add(id);
  return new Map(
    rows.filter((row) => served.has(row.id)).map((row) => [row.hostname, { id: row.id, userId: row.userId, purpose: row.purpose, slug: row.slug, pageHome: row.pageHome ?? false }]),
  );
}

/** Whether this host name is served (Caddy's `ask`): verified, and within its account's plan. */
export async function isServedDomain(db: Db, hostname: string): Promise<boolean> {
  const holder = await verifiedDomainsOfHolder(db, hostname);
  return !!holder && servedDomainIds(holder.verified, DOMAIN_LIMITS[holder.plan]).has(holder.id);
}
