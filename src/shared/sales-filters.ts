/**
 * The creator's Sales page filters (issue #46): one query string read by the list (GET /api/my/sales),
 * the CSV export (GET /api/sales/export.csv) and the page's URL, so the three always agree.
 */
import { z } from 'zod';
import { SALES_MESSAGES } from './sales.ts';

/**
 * A sale as the page lists its state: `partially_refunded` is a completed sale some of whose money went
 * back (the sales table keeps it `completed` with refunded_cents > 0; src/shared/sales.ts isPartlyRefunded).
 */
export const SALE_LIST_STATUSES = ['completed', 'partially_refunded', 'refunded'] as const;
export type SaleListStatus = (typeof SALE_LIST_STATUSES)[number];

export const saleListStatus = (sale: { status: string; refundedCents: number }): SaleListStatus =>
  sale.status === 'refunded' ? 'refunded' : sale.refundedCents > 0 ? 'partially_refunded' : 'completed';

/**
 * Where sales came from, as the sale row records it (`sales.source`, `sales.affiliate_id`) and as the
 * `source` filter writes it:
 * - `direct`: no recorded click and no affiliate;
 * - `page`: a block of the creator's page (`page:<blockId>`);
 * - `link:<id>`: a short link (the creator's, or an affiliate's that brought the sale);
 * - `utm:<source>`: any short link whose UTM source is this (the UTM parameters live on the link);
 * - `affiliate:<userId>`: the affiliate credited with the sale;
 * - `referrer:<domain>`: the site the buyer came from to the product's page (`sales.referrer_domain`,
 *   copied at checkout from their view of it): an extra fact, beside any of the others.
 */
export type SaleSourceFilter =
  | { kind: 'direct' }
  | { kind: 'page' }
  | { kind: 'link'; linkId: number }
  | { kind: 'utm'; utmSource: string }
  | { kind: 'affiliate'; affiliateId: string }
  | { kind: 'referrer'; domain: string };

const LINK = /^link:(\d{1,10})$/;
/** The largest link id (short_links.id is an int4). */
const LINK_ID_MAX = 2_147_483_647;

/** The short link id of a `link:<id>` source (a click on a creator's short link: sales, orders, views); undefined for any other. */
export function linkIdOfSource(source: string | null | undefined): number | undefined {
  const digits = LINK.exec(source ?? '')?.[1];
  return digits && Number(digits) <= LINK_ID_MAX ? Number(digits) : undefined;
}
const UTM = /^utm:(.{1,100})$/s;
const AFFILIATE = /^affiliate:([A-Za-z0-9_-]{1,64})$/;
/** A hostname as the views record it (lowercase; an IPv6 address in brackets). */
const REFERRER = /^referrer:([a-z0-9.:[\]_-]{1,253})$/;

export function parseSaleSource(value: string): SaleSourceFilter | undefined {
  if (value === 'direct' || value === 'page') return { kind: value };
  const linkId = linkIdOfSource(value);
  if (linkId !== undefined) return { kind: 'link', linkId };
  const utm = UTM.exec(value);
  if (utm) return { kind: 'utm', utmSource: utm[1]! };
  const affiliate = AFFILIATE.exec(value);
  if (affiliate) return { kind: 'affiliate', affiliateId: affiliate[1]! };
  const referrer = REFERRER.exec(value);
  if (referrer) return { kind: 'referrer', domain: referrer[1]! };
  return undefined;
}

export const linkSourceFilter = (linkId: number) => `link:${linkId}`;
export const utmSourceFilter = (utmSource: string) => `utm:${utmSource}`;
export const affiliateSourceFilter = (affiliateId: string) => `affiliate:${affiliateId}`;
export const referrerSourceFilter = (domain: string) => `referrer:${domain}`;

/** Where a page of the list ended: the last sale's created_at exactly as stored (text, microseconds) and id. */
export interface SalesCursor {
  createdAt: string;
  id: string;
}

const STORED_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toBase64Url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replaceAll('-', '+').replaceAll('_', '/'));

/** The opaque `cursor` of the next page. */
export const encodeSalesCursor = (cursor: SalesCursor): string => toBase64Url(`${cursor.createdAt}|${cursor.id}`);

export function decodeSalesCursor(value: string): SalesCursor | undefined {
  let text: string;
  try {
    text = fromBase64Url(value);
  } catch {
    return undefined;
  }
  const [createdAt, id, ...rest] = text.split('|');
  if (rest.length || !createdAt || !id || !STORED_TIME.test(createdAt) || !UUID.test(id)) return undefined;
  return { createdAt, id };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const invalid = { message: SALES_MESSAGES.salesFiltersInvalid };
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A UTC day, YYYY-MM-DD. */
const daySchema = z.preprocess(blankToUndefined, z.string().refine(isDay, invalid).optional());

/** The filters (all optional; `from`/`to` are UTC days, both included). */
const filterFields = {
  /** Part of the buyer's e-mail or the product's name, or an order number ("MAYA-0001"). */
  q: z.preprocess(blankToUndefined, z.string().trim().max(200, invalid).optional()),
  productId: z.preprocess(blankToUndefined, z.uuid(invalid).optional()),
  from: daySchema,
  to: daySchema,
  status: z.preprocess(blankToUndefined, z.enum(SALE_LIST_STATUSES, invalid).optional()),
  source: z.preprocess(blankToUndefined, z.string().max(200, invalid).refine((value) => parseSaleSource(value) !== undefined, invalid).optional()),
};
const inOrder = (filters: { from?: string | undefined; to?: string | undefined }) => !filters.from || !filters.to || filters.from <= filters.to;

export const salesFiltersSchema = z.object(filterFields).refine(inOrder, invalid);
export type SalesFilters = z.infer<typeof salesFiltersSchema>;

/** Sales per page of the list, and the most one page may ask for. */
export const SALES_LIST_LIMIT = 25;
export const SALES_LIST_MAX = 100;

/** GET /api/my/sales's query: the filters, and the keyset page (`cursor` from the previous answer's nextCursor). */
export const salesListQuerySchema = z
  .object({
    ...filterFields,
    cursor: z.preprocess(blankToUndefined, z.string().max(300, invalid).refine((value) => decodeSalesCursor(value) !== undefined, invalid).optional()),
    limit: z.coerce.number().int(invalid).min(1, invalid).max(SALES_LIST_MAX, invalid).default(SALES_LIST_LIMIT),
  })
  .refine(inOrder, invalid);
export type SalesListQuery = z.infer<typeof salesListQuerySchema>;

/** The filters as a query string's entries, without the empty ones (the page's URL, the export link). */
export function salesFiltersQuery(filters: Partial<Record<keyof SalesFilters, string | undefined>>): Record<string, string> {
  const entries = Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '');
  return Object.fromEntries(entries);
}

/** Whether any filter is set (the page's empty state says "No sales match these filters" then). */
export const hasSalesFilters = (filters: Partial<Record<keyof SalesFilters, string | undefined>>) => Object.keys(salesFiltersQuery(filters)).length > 0;

/** The order number a search is, as its store prefix and number ("maya-12" → MAYA, 12). */
export function orderNumberQuery(q: string): { prefix: string; number: number } | undefined {
  const match = /^([A-Za-z0-9]{2,6})-(\d{1,9})$/.exec(q.trim());
  return match ? { prefix: match[1]!.toUpperCase(), number: Number(match[2]) } : undefined;
}
