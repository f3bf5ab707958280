import { decodeEntities, markdownTokens, safeMarkdownHref, type MarkdownToken } from '#shared/products-markdown.ts';
import { escapeHtml } from '../../platform/html.ts';

// A post's Markdown as HTML for mails and the buyer's library, by the rules of products-markdown.ts:
// every text is escaped (raw HTML shows as the text it is), links only to http, https and mailto,
// images as their alt text. The tags written here are the only tags there are.


interface RenderOptions {
  /** The href written for the n-th http(s) link of the post (a mail's click-counting redirect). */
  rewriteLink?: (href: string, index: number) => string;
}

interface RenderState extends RenderOptions {
  links: number;
}

const textOf = (token: { text?: unknown }) => escapeHtml(decodeEntities(typeof token.text === 'string' ? token.text : ''));

function render(tokens: readonly MarkdownToken[], state: RenderState): string {
  return tokens.map((token) => renderToken(token, state)).join('');
}

function inner(token: MarkdownToken, state: RenderState): string {
  return 'tokens' in token && Array.isArray(token.tokens) ? render(token.tokens as MarkdownToken[], state) : textOf(token as { text?: unknown });
}

function renderToken(token: MarkdownToken, state: RenderState): string {
  switch (token.type) {
    case 'space':
    case 'def':
      return '';
    case 'heading': {
      const depth = Math.min(6, Math.max(2, Number((token as { depth: number }).depth) + 1));
      return `<h${depth}>${inner(token, state)}</h${depth}>`;
    }
    case 'paragraph':
      return `<p>${inner(token, state)}</p>`;
    case 'blockquote':
      return `<blockquote>${inner(token, state)}</blockquote>`;
    case 'strong':
      return `<strong>${inner(token, state)}</strong>`;
    case 'em':
      return `<em>${inner(token, state)}</em>`;
    case 'del':
      return `<del>${inner(token, state)}</del>`;
    case 'codespan':
      return `<code>${escapeHtml(String(token.text))}</code>`;
    case 'code':
      return `<pre><code>${escapeHtml(String(token.text))}</code></pre>`;
    case 'br':
      return '<br>';
    case 'hr':
      return '<hr>';
    case 'html':
      return escapeHtml(String(token.text));
    case 'image':
      return textOf(token as { text?: unknown });
    case 'link': {
      const safe = safeMarkdownHref((token as { href?: string }).href);
      if (!safe) return inner(token, state);
      const href = state.rewriteLink && /^https?:/i.test(safe) ? state.rewriteLink(safe, state.links++) : safe;
      return `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${inner(token, state)}</a>`;
    }
    case 'list': {
      const list = token as { ordered: boolean; items: { tokens: MarkdownToken[] }[] };
      const tag = list.ordered ? 'ol' : 'ul';
      return `<${tag}>${list.items.map((item) => `<li>${render(item.tokens, state)}</li>`).join('')}</${tag}>`;
    }
    case 'table': {
      const table = token as { header: { tokens: MarkdownToken[] }[]; rows: { tokens: MarkdownToken[] }[][] };
      const head = table.header.map((cell) => `<th>${render(cell.tokens, state)}</th>`).join('');
      const rows = table.rows.map((row) => `<tr>${row.map((cell) => `<td>${render(cell.tokens, state)}</td>`).join('')}</tr>`).join('');
      return `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
    }
    default:
      return inner(token, state);
  }
}

/** A post's body as sanitised HTML. */
export function markdownToHtml(markdown: string, options: RenderOptions = {}): string {
  return render(markdownTokens(markdown), { ...options, links: 0 });
}

/** The post's http(s) links in the order rewriteLink numbers them: the only places its click redirect goes. */
export function postLinks(markdown: string): string[] {
  const links: string[] = [];
  markdownToHtml(markdown, {
    rewriteLink: (href) => {
      links.push(href);
      return href;
    },
  });
  return links;
}

