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
