import type { Attribution } from '../links/attribution.ts';
import { CREATOR_PAGE_MESSAGES, DEFAULT_CREATOR_PAGE, type CreatorPageBlock, type CreatorPageSettings } from '#shared/creator-page.ts';
import type { CreatorPage, CreatorPageStats } from '#shared/creator-page-api.ts';
import { DOMAINS_INTERNAL_CHANNEL } from '#shared/domains.ts';
import type { Language } from '#shared/profiles.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { appBlocklist, checkDestination, mayRedirectTo } from '../../platform/blocklist.ts';
import { createLink } from '../links/service.ts';
import { avatarUrl, mediaUrl } from '../products/presenters.ts';
import { countPageEvent, creatorBySlug, findCreatorPage, latestPosts, pageSalesSince, pageStatsSince, storeCurrency, productsOnSale, saveCreatorPage, storefrontSlugOf } from './queries.ts';
import { pageTexts } from './page-texts.ts';
import { renderCreatorPage, type CreatorPageView } from './render.ts';

const STATS_DAYS = 30;
const pageNotFound = () => new NotFoundError(CREATOR_PAGE_MESSAGES.notFound, 'creator_page_not_found');

function toCreatorPage(row: CreatorPageSettings & { updatedAt?: Date }, slug: string | undefined): CreatorPage {
  return { slug: slug ?? '', theme: row.theme, accent: row.accent, blocks: row.blocks, onDomain: row.onDomain, updatedAt: row.updatedAt?.toISOString() ?? null };
}

export async function getCreatorPage(ctx: AppContext, userId: string): Promise<CreatorPage> {
  const [row, slug] = await Promise.all([findCreatorPage(ctx.database.db, userId), storefrontSlugOf(ctx.database.db, userId)]);
  return toCreatorPage(row ?? DEFAULT_CREATOR_PAGE, slug);
}

/** Products must be the creator's own and not hidden (a draft may wait on the page until published): a page never sells someone else's. */
async function checkProducts(ctx: AppContext, userId: string, blocks: CreatorPageBlock[]) {
  const ids = [...new Set(blocks.flatMap((block) => (block.type === 'products' ? block.productIds : [])))];
  const found = await productsOnSale(ctx.database.db, userId, ids, { drafts: true });
  if (found.length !== ids.length) throw new BadRequestError(CREATOR_PAGE_MESSAGES.productNotYours, 'product_not_yours');
}

/** The addresses a page sends its visitors to: its links, socials and videos. */
const pageAddresses = (blocks: CreatorPageBlock[]) =>
  blocks.flatMap((block) => (block.type === 'link' || block.type === 'video' ? [block.url] : block.type === 'social' ? block.links.map((link) => link.url) : []));

/** Every address of the page passes the one rule of stored destinations and the admins' blocklist, those kept from before too. */
async function checkAddresses(ctx: AppContext, blocks: CreatorPageBlock[]) {
  const blocklist = await appBlocklist(ctx);
  for (const url of pageAddresses(blocks)) checkDestination(blocklist, url);
  return blocklist;
}

/**
 * Saves the page. Each link block is a tracked short link of the creator's: a new link or a changed
 * address gets a new code (the old link keeps its clicks in the links dashboard).
 */
export async function updateCreatorPage(ctx: AppContext, userId: string, settings: CreatorPageSettings): Promise<CreatorPage> {
  const { db } = ctx.database;
  await checkProducts(ctx, userId, settings.blocks);
  const before = await findCreatorPage(db, userId);
  const saved = new Map((before?.blocks ?? []).map((block) => [block.id, block]));
  const blocklist = await checkAddresses(ctx, settings.blocks);
  const blocks: CreatorPageBlock[] = [];
  for (const block of settings.blocks) {
    if (block.type !== 'link') {
      blocks.push(block);
      continue;
    }
    const kept = saved.get(block.id);
    if (kept?.type === 'link' && kept.url === block.url && kept.code) {
      blocks.push({ ...block, code: kept.code });
      continue;
    }
    const link = await createLink({ db, blocklist, origin: ctx.config.PUBLIC_URL }, { url: block.url, userId, ownHosts: [new URL(ctx.config.PUBLIC_URL).host] });
    blocks.push({ ...block, code: link.code });
  }
  const row = await saveCreatorPage(db, userId, { ...settings, blocks });
  // A storefront domain may open this page: every instance reloads its domains when that choice changes.
  if ((before?.onDomain ?? false) !== row.onDomain) await ctx.realtime.publish(DOMAINS_INTERNAL_CHANNEL, 'domains.changed');
  return toCreatorPage(row, await storefrontSlugOf(db, userId));
}

async function pageView(ctx: AppContext, creator: NonNullable<Awaited<ReturnType<typeof creatorBySlug>>>, settings: CreatorPageSettings, preview = false): Promise<CreatorPageView> {
  const { db } = ctx.database;
  const productIds = settings.blocks.flatMap((block) => (block.type === 'products' ? block.productIds : []));
  const postCount = Math.max(0, ...settings.blocks.map((block) => (block.type === 'posts' ? block.count : 0)));
  const [products, posts] = await Promise.all([productsOnSale(db, creator.userId, productIds), postCount ? latestPosts(db, creator.userId, postCount) : []]);
  return {
    origin: ctx.config.PUBLIC_URL,
    pageOrigin: ctx.storefrontOrigins.get(creator.userId) ?? ctx.config.PUBLIC_URL,
    brand: ctx.config.BRAND_NAME,
    slug: creator.slug,
    name: creator.name,
    bio: creator.bio,
    avatarUrl: avatarUrl(creator.userId, creator.avatarUrl),
    theme: settings.theme,
    accent: settings.accent,
    blocks: settings.blocks,
    products: new Map(products.map((product) => [product.id, { ...product, cardUrl: mediaUrl(product.cardKey) }])),
    posts,
    preview,
  };
}

/** The public page's HTML; a visit by a person (not a bot) counts as a view. */
export async function publicCreatorPage(ctx: AppContext, slug: string, language: Language, counted: boolean, follow?: CreatorPageView['follow']): Promise<string> {
  const creator = await creatorBySlug(ctx.database.db, slug);
  if (!creator) throw pageNotFound();
  const settings = (await findCreatorPage(ctx.database.db, creator.userId)) ?? DEFAULT_CREATOR_PAGE;
  if (counted && !follow) await countPageEvent(ctx.database.db, creator.userId, 'view');
  return renderCreatorPage({ ...(await pageView(ctx, creator, settings)), follow }, pageTexts(language));
}

/** The creator behind a page with a follow box, for its sign-ups; else not found. */
export async function followableCreator(ctx: AppContext, slug: string): Promise<string> {
  const creator = await creatorBySlug(ctx.database.db, slug);
  const settings = creator && (await findCreatorPage(ctx.database.db, creator.userId));
  if (!creator || !settings?.blocks.some((block) => block.type === 'follow')) throw pageNotFound();
  return creator.userId;
}

/** The editor's preview of unsaved settings, with the creator's own data. */
export async function previewCreatorPage(ctx: AppContext, userId: string, settings: CreatorPageSettings, language: Language): Promise<string> {
  const slug = await storefrontSlugOf(ctx.database.db, userId);
  const creator = slug ? await creatorBySlug(ctx.database.db, slug) : undefined;
  if (!creator) throw pageNotFound();
  return renderCreatorPage(await pageView(ctx, creator, settings, true), pageTexts(language));
}

/**
 * Where a block's item goes; the click is counted for the block. A product's click is also remembered
 * for the visit (`attribution`), so a sale that follows counts for the block. An address on a domain
 * blocked since it was saved goes nowhere (`target` null: the refusal of a short link to a banned
 * destination), and no click is counted.
 */
export async function followCreatorPageBlock(
  ctx: AppContext,
  slug: string,
  blockId: string,
  item: number,
  counted: boolean,
): Promise<{ target: string | null; attribution?: Attribution }> {
  const { db } = ctx.database;
  const creator = await creatorBySlug(db, slug);
  const settings = creator && (await findCreatorPage(db, creator.userId));
  const block = settings?.blocks.find((candidate) => candidate.id === blockId);
  if (!creator || !block) throw pageNotFound();
  const origin = ctx.config.PUBLIC_URL;
  let target: string | undefined;
  let attribution: Attribution | undefined;
  if (block.type === 'link') target = block.code ? `${origin}/z/${block.code}` : block.url;
  if (block.type === 'products') {
    const shown = await productsOnSale(db, creator.userId, block.productIds.slice(item, item + 1));
    const id = shown[0]?.id;
    // A path: the product opens on the host the page was opened on (this deployment's or the creator's
    // storefront domain), whose checkout reads the remembered click.
    target = id && `/store/product/${encodeURIComponent(id)}`;
    attribution = { creatorId: creator.userId, source: `page:${block.id}` };
  }
  if (block.type === 'posts') {
    const post = (await latestPosts(db, creator.userId, block.count))[item];
    target = post && `${origin}/dashboard/zerrijobs/posts/${encodeURIComponent(post.id)}`;
  }
  if (block.type === 'social') target = block.links[item]?.url;
  if (block.type === 'video') target = block.url;
  if (!target) throw pageNotFound();
  // The address the visitor ends at (a link block's through its short link, which checks it too).
  const address = block.type === 'link' ? block.url : block.type === 'social' || block.type === 'video' ? target : undefined;
  if (address !== undefined && !mayRedirectTo(await appBlocklist(ctx), address)) return { target: null };
  if (counted) await countPageEvent(db, creator.userId, 'click', block.id);
  return { target, ...(attribution ? { attribution } : {}) };
}

export async function creatorPageStats(ctx: AppContext, userId: string): Promise<CreatorPageStats> {
  const { db } = ctx.database;
  const [rows, sold, currency] = await Promise.all([pageStatsSince(db, userId, STATS_DAYS), pageSalesSince(db, userId, STATS_DAYS), storeCurrency(db, userId)]);
  return {
    days: STATS_DAYS,
    views: rows.find((row) => row.kind === 'view')?.count ?? 0,
    clicks: rows.filter((row) => row.kind === 'click').map((row) => ({ blockId: row.blockId, clicks: row.count })),
    sales: sold,
    currency,
  };
}
