import { decodeEntities, markdownTokens, safeMarkdownHref, type MarkdownToken } from '#shared/products-markdown.ts';
import { escapeHtml } from '../../platform/html.ts';

// A post's Markdown as HTML for mails and the buyer's library, by the rules of products-markdown.ts:
// every text is escaped (raw HTML shows as the text it is), links only to http, https and mailto,
// images as their alt text. The tags written here are the only tags there are.


const textOf = (token: { text?: unknown }) => escapeHtml(decodeEntities(typeof token.text === 'string' ? token.text : ''));

function render(tokens: readonly MarkdownToken[]): string {
  return tokens.map(renderToken).join('');
}

function inner(token: MarkdownToken): string {
  return 'tokens' in token && Array.isArray(token.tokens) ? render(token.tokens as MarkdownToken[]) : textOf(token as { text?: unknown });
}

function renderToken(token: MarkdownToken): string {
  switch (token.type) {
    case 'space':
    case 'def':
      return '';
    case 'heading': {
      const depth = Math.min(6, Math.max(2, Number((token as { depth: number }).depth) + 1));
      return `<h${depth}>${inner(token)}</h${depth}>`;
    }
    case 'paragraph':
      return `<p>${inner(token)}</p>`;
    case 'blockquote':
      return `<blockquote>${inner(token)}</blockquote>`;
    case 'strong':
      return `<strong>${inner(token)}</strong>`;
    case 'em':
      return `<em>${inner(token)}</em>`;
    case 'del':
      return `<del>${inner(token)}</del>`;
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
      const href = safeMarkdownHref((token as { href?: string }).href);
      return href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${inner(token)}</a>` : inner(token);
    }
    case 'list': {
      const list = token as { ordered: boolean; items: { tokens: MarkdownToken[] }[] };
      const tag = list.ordered ? 'ol' : 'ul';
      return `<${tag}>${list.items.map((item) => `<li>${render(item.tokens)}</li>`).join('')}</${tag}>`;
    }
    case 'table': {
      const table = token as { header: { tokens: MarkdownToken[] }[]; rows: { tokens: MarkdownToken[] }[][] };
      const head = table.header.map((cell) => `<th>${render(cell.tokens)}</th>`).join('');
      const rows = table.rows.map((row) => `<tr>${row.map((cell) => `<td>${render(cell.tokens)}</td>`).join('')}</tr>`).join('');
      return `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
    }
    default:
      return inner(token);
  }
}

/** A post's body as sanitised HTML. */
export function markdownToHtml(markdown: string): string {
  return render(markdownTokens(markdown));
}

