import { escapeHtml } from '../../platform/html.ts';
import type { LinkPreview } from './redirect-cache.ts';

/**
 * The small page link-preview bots get for a link with a preview: the owner's title, description
 * and image as Open Graph and Twitter tags (every value escaped). People never see it: they are
 * redirected. `destination` is null for a link with a password (the page must not tell where it goes).
 */
export function previewPage(preview: LinkPreview, options: { shortUrl: string; destination: string | null; siteName: string }): string {
  const title = preview.title ?? options.siteName;
  const meta = (attribute: 'property' | 'name', key: string, value: string | null) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}">` : '';
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', options.siteName),
    meta('property', 'og:url', options.shortUrl),
    meta('property', 'og:title', title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:image', preview.imageUrl),
    meta('name', 'twitter:card', preview.imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.imageUrl),
    meta('name', 'description', preview.description),
    meta('name', 'robots', 'noindex'),
  ].filter(Boolean);
  const destination = options.destination && escapeHtml(options.destination);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    ...tags,
    ...(destination ? [`<meta http-equiv="refresh" content="0; url=${destination}">`] : []),
    '</head><body>',
    `<h1>${escapeHtml(title)}</h1>`,
    ...(preview.description ? [`<p>${escapeHtml(preview.description)}</p>`] : []),
    ...(destination ? [`<p><a href="${destination}" rel="nofollow">${destination}</a></p>`] : []),
    '</body></html>',
  ].join('\n');
}
