import { z } from 'zod';

/**
 * A creator's page at /@slug (issue #25): blocks in the creator's order — links (each a tracked short
 * link), products, latest posts, social icons, a video — on one of the themes with an accent colour.
 */
export const CREATOR_PAGE_THEMES = ['midnight', 'paper', 'sunset', 'mint'] as const;
export type CreatorPageTheme = (typeof CREATOR_PAGE_THEMES)[number];
/** Dark themes draw light text; the others dark. */
export const DARK_THEMES: readonly CreatorPageTheme[] = ['midnight', 'sunset'];

export const BLOCK_TYPES = ['link', 'products', 'posts', 'social', 'video', 'follow'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const CREATOR_PAGE_LIMITS = { blocks: 30, title: 80, url: 2000, products: 12, posts: 10, socials: 10 } as const;
export const SOCIAL_NETWORKS = ['instagram', 'youtube', 'tiktok', 'x', 'linkedin', 'github', 'website'] as const;

export const CREATOR_PAGE_MESSAGES = {
  titleRequired: 'Give the link a title.',
  titleTooLong: `Titles can be at most ${CREATOR_PAGE_LIMITS.title} characters.`,
  urlInvalid: 'Enter a web address starting with https:// or http://.',
  videoInvalid: 'Enter a YouTube or Vimeo video address.',
  accentInvalid: 'Pick a colour such as #7c3aed.',
  tooManyBlocks: `A page can have at most ${CREATOR_PAGE_LIMITS.blocks} blocks.`,
  productsRequired: 'Pick at least one of your products.',
  productNotYours: 'One of the chosen products is not yours or is no longer on sale.',
  notFound: 'This page does not exist.',
  followSent: 'Check your inbox: we sent you a link to confirm.',
  followInvalid: 'Enter a valid e-mail address.',
} as const;

const webUrl = z
  .string()
  .trim()
  .max(CREATOR_PAGE_LIMITS.url, CREATOR_PAGE_MESSAGES.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, CREATOR_PAGE_MESSAGES.urlInvalid);

/** The embeddable address of a YouTube or Vimeo video, or null. */
export function videoEmbedUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  const id = (pattern: RegExp, text: string) => (pattern.test(text) ? text : null);
  if (host === 'youtu.be') {
    const video = id(/^[\w-]{6,20}$/, url.pathname.slice(1));
    return video && `https://www.youtube-nocookie.com/embed/${video}`;
  }
  if (host === 'youtube.com') {
    const video = id(/^[\w-]{6,20}$/, url.searchParams.get('v') ?? url.pathname.replace(/^\/(embed|shorts)\//, ''));
    return video && `https://www.youtube-nocookie.com/embed/${video}`;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const video = id(/^\d{3,12}$/, url.pathname.split('/').filter(Boolean).at(-1) ?? '');
    return video && `https://player.vimeo.com/video/${video}`;
  }
  return null;
}

const blockId = z.string().regex(/^[\w-]{1,40}$/);
const title = z.string().trim().min(1, CREATOR_PAGE_MESSAGES.titleRequired).max(CREATOR_PAGE_LIMITS.title, CREATOR_PAGE_MESSAGES.titleTooLong);

export const creatorPageBlockSchema = z.discriminatedUnion('type', [
  z.object({ id: blockId, type: z.literal('link'), title, url: webUrl, code: z.string().optional() }),
  z.object({
    id: blockId,
    type: z.literal('products'),
    // A product's id is a uuid: anything else is one of no products (400, never a failing query).
    productIds: z.array(z.uuid(CREATOR_PAGE_MESSAGES.productNotYours)).min(1, CREATOR_PAGE_MESSAGES.productsRequired).max(CREATOR_PAGE_LIMITS.products),
  }),
  z.object({ id: blockId, type: z.literal('posts'), count: z.number().int().min(1).max(CREATOR_PAGE_LIMITS.posts) }),
  z.object({
    id: blockId,
    type: z.literal('social'),
    links: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: webUrl })).min(1).max(CREATOR_PAGE_LIMITS.socials),
  }),
  z.object({ id: blockId, type: z.literal('video'), url: webUrl.refine((value) => videoEmbedUrl(value) !== null, CREATOR_PAGE_MESSAGES.videoInvalid) }),
  // A "Get updates" box: visitors leave their e-mail for the creator's audience (double opt-in).
  z.object({ id: blockId, type: z.literal('follow') }),
]);
export type CreatorPageBlock = z.infer<typeof creatorPageBlockSchema>;

export const creatorPageFormSchema = z.object({
  theme: z.enum(CREATOR_PAGE_THEMES),
  accent: z.string().regex(/^#[0-9a-f]{6}$/i, CREATOR_PAGE_MESSAGES.accentInvalid),
  blocks: z.array(creatorPageBlockSchema).max(CREATOR_PAGE_LIMITS.blocks, CREATOR_PAGE_MESSAGES.tooManyBlocks),
  /** Whether the creator's storefront domain opens this page instead of the store. */
  onDomain: z.boolean().default(false),
});
export type CreatorPageForm = z.input<typeof creatorPageFormSchema>;
export type CreatorPageSettings = z.output<typeof creatorPageFormSchema>;

export const DEFAULT_CREATOR_PAGE: CreatorPageSettings = { theme: 'midnight', accent: '#7c3aed', blocks: [], onDomain: false };

/** The page's path for a storefront slug. */
export const creatorPagePath = (slug: string) => `/@${slug}`;
