/**
 * Selling from a creator's own website (issue #44): the script opens the Buy now screen over their
 * page in a frame; without the script (or with scripts blocked) the same link opens the product page
 * with Buy now already open. Both the Share panel and the embed script read these names.
 */
export const EMBED_SCRIPT_PATH = '/embed.js';
/** The query a product address carries to open Buy now at once (and, through the script, as an overlay). */
export const EMBED_QUERY = 'embed';

export const embedLink = (origin: string, productPath: string): string => `${origin}${productPath}?${EMBED_QUERY}=1`;

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The copy-paste HTML for a product: the script tag and a plain link that works without it. */
export function embedSnippet(origin: string, productPath: string, label: string): string {
  return `<script src="${origin}${EMBED_SCRIPT_PATH}" defer></script>\n<a href="${escapeHtml(embedLink(origin, productPath))}">${escapeHtml(label)}</a>`;
}

/** The pages other sites may frame (CSP frame-ancestors): the Buy now screen and the receipt it ends on. */
export const EMBED_PAGES_PREFIX = '/embed/';
export const embedProductPath = (productId: string) => `${EMBED_PAGES_PREFIX}product/${encodeURIComponent(productId)}`;
/** The receipt page's address (`/receipt/{token}`) inside the frame. */
export const embedPagePath = (pagePath: string) => `${EMBED_PAGES_PREFIX.slice(0, -1)}${pagePath}`;
export const isEmbedPage = (pathname: string) => pathname.startsWith(EMBED_PAGES_PREFIX);

/** The query naming the page that framed the Buy now screen: the frame posts its messages to that origin only. */
export const EMBED_PARENT_QUERY = 'parent';
/** Messages the frame posts to the page around it: `close`, or its content's `height` in CSS pixels. */
export const EMBED_MESSAGE_SOURCE = 'zerri-embed';
export type EmbedMessage = { source: typeof EMBED_MESSAGE_SOURCE; type: 'close' } | { source: typeof EMBED_MESSAGE_SOURCE; type: 'height'; height: number };
