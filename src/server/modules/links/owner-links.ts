import { csvLine } from '#shared/csv.ts';
import { LINK_MESSAGES, LINK_TAG_COLORS, LINK_TAG_NAME_MAX, LINK_TAGS_PER_USER_MAX, type LinkTagColor } from '#shared/links.ts';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { storeCurrency } from '../profiles/queries.ts';
import { linkFunnel } from './funnel.ts';
import { countTags, deleteTag, domainHosts, getLinkStats, getShortLinkByCode, insertTag, listUserLinks, tagsOfLinks, updateTag } from './queries.ts';
import { assertPublicDetails, CODE_PATTERN, daysBetween, destinationHidden, findOwnLink, lastDays, linkNotFound, servedDomain, summarizeStats, toLinkResponse } from './service.ts';

// What the links API answers about links and tags beyond the redirects: the owner's list, a link's
// public details, its stats (JSON and CSV) and the owner's tags. `pendingClicks` adds the clicks this
// instance holds in memory (RedirectEngine.pendingClicks).

interface Deps {
  db: Db;
  origin: string;
  pendingClicks: (linkId: number) => number;
}

/** The owner's links, a page at a time, with their tags and domains. */
export async function listOwnLinks(
  { db, origin, pendingClicks }: Deps,
  userId: string,
  query: { page: number; pageSize: number; q?: string; sort: 'date' | 'clicks'; tag?: number },
) {
  const { page, pageSize, q, sort, tag } = query;
  const { rows, total } = await listUserLinks(db, userId, { page, pageSize, search: q, sort, tagId: tag });
  const tags = await tagsOfLinks(db, rows.map((row) => row.id));
  const hosts = await domainHosts(db, rows.flatMap((row) => (row.domainId === null ? [] : [row.domainId])));
  const items = rows.map((row) => toLinkResponse(row, origin, pendingClicks(row.id), tags.get(row.id), row.domainId === null ? null : (hosts.get(row.domainId) ?? null)));
  return { items, total, page, pageSize };
}

/** A link by code on this site or on a served links domain, for anyone (the check form, the password page). */
export async function findLink(db: Db, rawCode: string, host: string | undefined) {
  const code = rawCode.trim();
  if (!code) throw new BadRequestError(LINK_MESSAGES.checkRequired, 'code_required');
  const domain = await servedDomain(db, host);
  const row = domain !== undefined && CODE_PATTERN.test(code) ? await getShortLinkByCode(db, code, domain?.id ?? null) : undefined;
  if (!row) throw linkNotFound(code);
  return row;
}

/** A link's public details (the check form); `viewerId` the signed-in asker, who sees where their own guarded link goes. */
export async function publicLinkDetails({ db, origin, pendingClicks }: Deps, address: { code: string; domain?: string }, viewer: () => Promise<string | undefined>) {
  const row = await findLink(db, address.code, address.domain);
  assertPublicDetails(row);
  const { code, url, clicks, createdAt } = toLinkResponse(row, origin, pendingClicks(row.id));
  // A link with a click limit or an end date tells where it goes by a visit only (which counts), or to its owner.
  const told = !destinationHidden(row) || (row.userId !== null && (await viewer()) === row.userId);
  return { code, url: told ? url : null, clicks, createdAt };
}

/** The owner's link and the days asked for: 7, 30 (the default) or 90 back from today, or from/to. */
async function statsOf(db: Db, userId: string, address: { code: string; domain?: string }, range: { days?: string; from?: string; to?: string }) {
  const row = await findOwnLink(db, userId, address);
  const { days: back, from, to } = range;
  const days = from || to ? daysBetween(from ?? lastDays(30)[0]!, to ?? lastDays(1)[0]!) : lastDays(Number(back ?? '30'));
  if (!days) throw new BadRequestError(LINK_MESSAGES.statsRangeInvalid, 'stats_range_invalid');
  return { row, days, rows: await getLinkStats(db, row.id, days[0]!, days.at(-1)!) };
}

/** The owner's link with its stats over the days asked for and its funnel (views, checkouts, sales). */
export async function ownLinkStats({ db, origin, pendingClicks }: Deps, userId: string, address: { code: string; domain?: string }, range: { days?: string; from?: string; to?: string }) {
  const { row, days, rows } = await statsOf(db, userId, address, range);
  const from = days[0]!;
  const to = days.at(-1)!;
  const [tags, hosts, funnel, currency] = await Promise.all([
    tagsOfLinks(db, [row.id]),
    row.domainId === null ? undefined : domainHosts(db, [row.domainId]),
    linkFunnel(db, { id: row.id, userId: row.userId! }, from, to),
    storeCurrency(db, row.userId!),
  ]);
  const host = row.domainId === null ? null : (hosts?.get(row.domainId) ?? null);
  return { ...toLinkResponse(row, origin, pendingClicks(row.id), tags.get(row.id), host), from, to, ...summarizeStats(rows, days), funnel: { ...funnel, currency } };
}

/** The same days as a CSV file, one row per day and dimension, and its file name. */
export async function ownLinkStatsCsv(db: Db, userId: string, address: { code: string; domain?: string }, range: { days?: string; from?: string; to?: string }) {
  const { row, days, rows } = await statsOf(db, userId, address, range);
  const lines = [csvLine(['day', 'kind', 'value', 'clicks']), ...rows.map((stat) => csvLine([stat.day, stat.kind, stat.value, stat.clicks]))];
  return { fileName: `zerrilink-${row.shortCode}-${days[0]}-${days.at(-1)}.csv`, csv: lines.join('') };
}

const checkTag = (input: { name?: string; color?: string }) => {
  const name = input.name?.trim();
  if (name !== undefined && (name.length < 1 || name.length > LINK_TAG_NAME_MAX)) throw new BadRequestError(LINK_MESSAGES.tagNameLength, 'tag_name_length');
  if (input.color !== undefined && !(LINK_TAG_COLORS as readonly string[]).includes(input.color)) throw new BadRequestError(LINK_MESSAGES.tagColor, 'tag_color');
  return { ...(name !== undefined ? { name } : {}), ...(input.color !== undefined ? { color: input.color as LinkTagColor } : {}) };
};
const tagTaken = (name: string) => new ConflictError(LINK_MESSAGES.tagTaken(name), 'tag_taken', { params: { name } });
const tagNotFound = () => new NotFoundError(LINK_MESSAGES.tagNotFound, 'tag_not_found');

/** A new tag of the user's (a name and a colour), within their number of tags. */
export async function createTag(db: Db, userId: string, input: { name: string; color: string }) {
  const { name, color } = checkTag(input) as { name: string; color: LinkTagColor };
  if ((await countTags(db, userId)) >= LINK_TAGS_PER_USER_MAX) throw new BadRequestError(LINK_MESSAGES.tagsTooMany, 'tags_too_many');
  const tag = await insertTag(db, userId, name, color);
  if (!tag) throw tagTaken(name);
  return tag;
}

/** Renames or recolours one of the user's tags. */
export async function changeTag(db: Db, userId: string, id: number, input: { name?: string; color?: string }) {
  const values = checkTag(input);
  const tag = await updateTag(db, userId, id, values);
  if (tag === 'taken') throw tagTaken(values.name!);
  if (!tag) throw tagNotFound();
  return tag;
}

/** Deletes one of the user's tags (its links keep the rest of theirs). */
export async function removeTag(db: Db, userId: string, id: number) {
  if (!(await deleteTag(db, userId, id))) throw tagNotFound();
}
