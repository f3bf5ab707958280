import { DARK_THEMES, videoEmbedUrl, type CreatorPageBlock, type CreatorPageTheme } from '#shared/creator-page.ts';
import { formatMoney, type Currency } from '#shared/money.ts';
import { escapeHtml } from '../../platform/html.ts';
import type { PageTexts } from './page-texts.ts';

/** What the page shows, read for one render. */
export interface CreatorPageView {
  origin: string;
  /** Where the page is canonical: the creator's storefront domain when they have one, else `origin`. */
  pageOrigin: string;
  brand: string;
  slug: string;
  name: string;
  bio: string;
  avatarUrl: string;
  theme: CreatorPageTheme;
  accent: string;
  blocks: CreatorPageBlock[];
  products: Map<string, { name: string; priceCents: number; currency: Currency; cardUrl: string | null }>;
  posts: { id: string; content: string; createdAt: Date }[];
  /** The editor's preview: nothing is followed or counted, and videos are not loaded. */
  preview?: boolean;
  /** After a follow box was sent: what happened (the page says it in its language). */
  follow?: { ok: boolean; code: 'followSent' | 'followInvalid'; email?: string };
}


const THEMES: Record<CreatorPageTheme, { background: string; surface: string; text: string; muted: string; border: string }> = {
  midnight: { background: '#0b0b12', surface: '#171722', text: '#f4f4f8', muted: '#b4b4c6', border: '#2c2c3d' },
  paper: { background: '#f7f7fa', surface: '#ffffff', text: '#16161d', muted: '#4f4f63', border: '#dcdce6' },
  sunset: { background: '#1d0f1a', surface: '#2b1626', text: '#fff4ef', muted: '#e6c4c0', border: '#4a2a40' },
  mint: { background: '#eefaf5', surface: '#ffffff', text: '#0f2a22', muted: '#3d5c53', border: '#c7e8dc' },
};

/** The relative luminance of a #rrggbb colour (WCAG). */
function luminance(hex: string): number {
  const channel = (index: number) => {
    const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** Text on the accent colour: black or white, whichever reads better. */
const onAccent = (accent: string) => (luminance(accent) > 0.18 ? '#111111' : '#ffffff');

/** A post's day, as the page's language writes it ("Mar 4, 2026", "4 mar 2026"). */
const formatDate = (date: Date, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);

function excerpt(text: string, max = 140) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function renderBlock(view: CreatorPageView, texts: PageTexts, block: CreatorPageBlock): string {
  const go = (item?: number) => (view.preview ? '#' : `/@${encodeURIComponent(view.slug)}/go/${encodeURIComponent(block.id)}${item === undefined ? '' : `?i=${item}`}`);
  switch (block.type) {
    case 'link':
      return `<a class="button" href="${go()}">${escapeHtml(block.title)}</a>`;
    case 'products': {
      const cards = block.productIds.flatMap((id, index) => {
        const product = view.products.get(id);
        if (!product) return [];
        const image = product.cardUrl ? `<img src="${escapeHtml(product.cardUrl)}" alt="" width="320" height="240" loading="lazy">` : '';
        return [
          `<li><a class="card" href="${go(index)}">${image}<span class="name">${escapeHtml(product.name)}</span><span class="row"><span class="price">${escapeHtml(formatMoney(product.priceCents, texts.language, product.currency))}</span><span class="buy">${escapeHtml(texts.buy)}</span></span></a></li>`,
        ];
      });
      return cards.length ? `<ul class="products">${cards.join('')}</ul>` : '';
    }
    case 'posts': {
      const items = view.posts.slice(0, block.count).map(
        (post, index) =>
          `<li><a href="${go(index)}"><span>${escapeHtml(excerpt(post.content) || texts.post)}</span><time datetime="${post.createdAt.toISOString()}">${escapeHtml(formatDate(post.createdAt, texts.language))}</time></a></li>`,
      );
      return items.length ? `<section class="posts"><h2>${escapeHtml(texts.latestPosts)}</h2><ul>${items.join('')}</ul></section>` : '';
    }
    case 'social':
      return `<ul class="social">${block.links.map((link, index) => `<li><a href="${go(index)}" rel="me">${escapeHtml(texts.network(link.network))}</a></li>`).join('')}</ul>`;
    case 'follow': {
      const status = view.follow
        ? `<p class="${view.follow.ok ? 'sent' : 'error'}" role="${view.follow.ok ? 'status' : 'alert'}">${escapeHtml(texts.followResult(view.follow.code))}</p>`
        : '';
      const email = view.follow && !view.follow.ok ? escapeHtml(view.follow.email ?? '') : '';
      const action = view.preview ? '#' : `/@${encodeURIComponent(view.slug)}/follow`;
      return `<form class="follow" method="post" action="${action}"><label for="follow-${escapeHtml(block.id)}">${escapeHtml(texts.followLabel(view.name))}</label><div class="row"><input id="follow-${escapeHtml(block.id)}" type="email" name="email" required autocomplete="email" placeholder="${escapeHtml(texts.emailPlaceholder)}" value="${email}"><button type="submit">${escapeHtml(texts.follow)}</button></div>${status}</form>`;
    }
    case 'video': {
      const embed = videoEmbedUrl(block.url);
      if (!embed) return '';
      if (view.preview) return `<div class="video placeholder">${escapeHtml(texts.videoPreview(block.url))}</div>`;
      return `<div class="video"><iframe src="${escapeHtml(embed)}" title="${escapeHtml(texts.video)}" loading="lazy" allow="encrypted-media; picture-in-picture; fullscreen" allowfullscreen></iframe></div>`;
    }
  }
}

/** The whole page: server-rendered HTML with its Open Graph tags and no script, in `texts`' language. */
export function renderCreatorPage(view: CreatorPageView, texts: PageTexts): string {
  const colors = THEMES[view.theme];
  const url = `${view.pageOrigin}/@${encodeURIComponent(view.slug)}`;
  const avatar = view.avatarUrl.startsWith('http') ? view.avatarUrl : `${view.origin}${view.avatarUrl}`;
  const description = excerpt(view.bio, 200) || texts.description({ name: view.name, brand: view.brand });
  const blocks = view.blocks.map((block) => renderBlock(view, texts, block)).filter(Boolean);
  const dark = DARK_THEMES.includes(view.theme);
  const style = `
:root{color-scheme:${dark ? 'dark' : 'light'};--bg:${colors.background};--surface:${colors.surface};--text:${colors.text};--muted:${colors.muted};--border:${colors.border};--accent:${view.accent};--on-accent:${onAccent(view.accent)}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:40rem;margin:0 auto;padding:2.5rem 1rem 3rem;display:grid;grid-template-columns:minmax(0,1fr);gap:1rem;overflow-wrap:anywhere}
header{text-align:center;display:grid;justify-items:center;gap:.5rem;margin-bottom:.5rem}
header img{border-radius:50%;border:3px solid var(--accent);object-fit:cover}
h1{margin:0;font-size:1.6rem;line-height:1.2}header p{margin:0;color:var(--muted);max-width:32rem;white-space:pre-line}
a{color:inherit}
.button{display:block;text-align:center;padding:.9rem 1rem;border-radius:.75rem;background:var(--accent);color:var(--on-accent);font-weight:600;text-decoration:none;min-height:48px}
.button:hover,.card:hover{filter:brightness(1.08)}
a:focus-visible{outline:3px solid var(--text);outline-offset:3px}
ul{list-style:none;margin:0;padding:0}
.products{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.75rem}
.card{display:grid;gap:.5rem;padding:.75rem;border:1px solid var(--border);border-radius:.75rem;background:var(--surface);text-decoration:none}
.card img{width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:.5rem;background:var(--border)}
.card .name{font-weight:600}.row{display:flex;justify-content:space-between;align-items:center;gap:.5rem}
.buy{background:var(--accent);color:var(--on-accent);border-radius:.5rem;padding:.3rem .8rem;font-weight:600}
.posts{border:1px solid var(--border);border-radius:.75rem;background:var(--surface);padding:1rem}
.posts h2{margin:0 0 .5rem;font-size:1.1rem}.posts li a{display:grid;gap:.1rem;padding:.5rem 0;text-decoration:none;border-top:1px solid var(--border)}
.posts li:first-child a{border-top:0}.posts time{color:var(--muted);font-size:.85rem}
.social{display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem}
.social a{display:inline-block;padding:.5rem .9rem;min-height:44px;border:1px solid var(--border);border-radius:999px;background:var(--surface);text-decoration:none;font-weight:500}
.video{position:relative;aspect-ratio:16/9;border-radius:.75rem;overflow:hidden;background:#000}
.video iframe{position:absolute;inset:0;width:100%;height:100%;border:0}
.video.placeholder{display:grid;place-items:center;color:#fff;padding:1rem;text-align:center;font-size:.9rem}
.follow{display:grid;gap:.5rem;padding:1rem;border:1px solid var(--border);border-radius:.75rem;background:var(--surface)}
.follow label{font-weight:600}.follow input{flex:1;min-width:0;min-height:44px;padding:.5rem .75rem;border:1px solid var(--border);border-radius:.5rem;background:var(--bg);color:var(--text);font:inherit}
.follow button{min-height:44px;padding:.5rem 1rem;border:0;border-radius:.5rem;background:var(--accent);color:var(--on-accent);font:inherit;font-weight:600;cursor:pointer}
.follow p{margin:0}.follow .error{color:var(--text);font-weight:600}
footer{text-align:center;margin-top:1.5rem;font-size:.9rem;color:var(--muted)}
`;
  return `<!doctype html>
<html lang="${texts.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(view.name)} | ${escapeHtml(view.brand)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<meta name="description" content="${escapeHtml(description)}">
<link rel="canonical" href="${escapeHtml(url)}">
<meta property="og:type" content="profile">
<meta property="og:title" content="${escapeHtml(view.name)}">
<meta property="og:description" content="${escapeHtml(description)}">
<meta property="og:url" content="${escapeHtml(url)}">
<meta property="og:image" content="${escapeHtml(avatar)}">
<meta name="twitter:card" content="summary">
<meta name="theme-color" content="${colors.background}">
<style>${style}</style>
</head>
<body>
<main>
<header><img src="${escapeHtml(view.avatarUrl)}" alt="" width="96" height="96"><h1>${escapeHtml(view.name)}</h1>${view.bio ? `<p>${escapeHtml(view.bio)}</p>` : ''}</header>
${blocks.join('\n')}
<footer><a href="${escapeHtml(view.origin)}/">${escapeHtml(texts.madeWith(view.brand))}</a></footer>
</main>
</body>
</html>`;
}
