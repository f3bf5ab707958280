// A product description's Markdown as HTML for the server's product page: the same elements and classes
// as src/web/features/products/components/markdown-text.tsx (the app's renderer, which replaces it), from
// the same tokens (src/shared/products-markdown.ts). Every text is escaped: raw HTML shows as what was
// typed, a link goes only to http(s) or mailto, an image shows its alt text.
import { decodeEntities, markdownTokens, safeMarkdownHref, type MarkdownToken, type MarkdownTokens } from '#shared/products-markdown.ts';
import { escapeHtml } from '../../platform/html.ts';

const HEADINGS = ['h3', 'h4', 'h5', 'h6', 'h6', 'h6'] as const;
const HEADING_CLASS = ['text-lg font-semibold text-foreground', 'text-base font-semibold text-foreground', 'font-semibold text-foreground'] as const;

export function markdownHtml(text: string, newTab: string, className = 'text-muted-foreground'): string {
  return `<div class="markdown-text grid min-w-0 gap-3 leading-relaxed wrap-anywhere ${className}">${blocks(markdownTokens(text), newTab)}</div>`;
}

const blocks = (tokens: readonly MarkdownToken[], newTab: string) => tokens.map((token) => block(token, newTab)).join('');
const inlines = (tokens: readonly MarkdownToken[] | undefined, newTab: string) => (tokens ?? []).map((token) => inline(token, newTab)).join('');
const plain = (token: MarkdownToken) => escapeHtml('text' in token && typeof token.text === 'string' ? token.text : token.raw);

function block(token: MarkdownToken, newTab: string): string {
  switch (token.type) {
    case 'space':
    case 'def':
      return '';
    case 'heading': {
      const { depth, tokens } = token as MarkdownTokens.Heading;
      const tag = HEADINGS[Math.min(Math.max(depth, 1), 6) - 1]!;
      return `<${tag} class="${HEADING_CLASS[Math.min(depth, 3) - 1]}">${inlines(tokens, newTab)}</${tag}>`;
    }
    case 'paragraph':
      return `<p>${inlines((token as MarkdownTokens.Paragraph).tokens, newTab)}</p>`;
    case 'blockquote':
      return `<blockquote class="grid gap-3 border-l-4 border-violet-400/50 pl-4 italic">${blocks((token as MarkdownTokens.Blockquote).tokens, newTab)}</blockquote>`;
    case 'code':
      return `<pre class="overflow-x-auto rounded-lg border border-border bg-muted/60 p-3 text-sm"><code>${escapeHtml((token as MarkdownTokens.Code).text)}</code></pre>`;
    case 'hr':
      return '<hr class="border-border">';
    case 'list': {
      const list = token as MarkdownTokens.List;
      const items = list.items
        .map(
          (item) =>
            `<li class="pl-1">${item.task ? `[${item.checked ? 'x' : ' '}] ` : ''}${item.loose ? blocks(item.tokens.filter((child) => child.type !== 'checkbox'), newTab) : listItem(item.tokens, newTab)}</li>`,
        )
        .join('');
      if (!list.ordered) return `<ul class="grid list-disc gap-1 pl-6">${items}</ul>`;
      const start = typeof list.start === 'number' && list.start !== 1 ? ` start="${list.start}"` : '';
      return `<ol${start} class="grid list-decimal gap-1 pl-6">${items}</ol>`;
    }
    case 'table': {
      const table = token as MarkdownTokens.Table;
      const head = table.header.map((cell) => `<th scope="col" class="border border-border px-3 py-1.5 text-left font-semibold text-foreground">${inlines(cell.tokens, newTab)}</th>`).join('');
      const rows = table.rows.map((row) => `<tr>${row.map((cell) => `<td class="border border-border px-3 py-1.5">${inlines(cell.tokens, newTab)}</td>`).join('')}</tr>`).join('');
      return `<div class="overflow-x-auto"><table class="min-w-full border-collapse text-sm"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
    }
    case 'html':
      return `<p class="whitespace-pre-wrap">${escapeHtml((token as MarkdownTokens.HTML).text)}</p>`;
    case 'text': {
      const text = token as MarkdownTokens.Text;
      return `<p>${text.tokens ? inlines(text.tokens, newTab) : escapeHtml(decodeEntities(text.text))}</p>`;
    }
    default:
      return `<p>${plain(token)}</p>`;
  }
}

function listItem(tokens: readonly MarkdownToken[], newTab: string): string {
  return tokens
    .map((token) => {
      if (token.type === 'checkbox') return '';
      if (token.type === 'text') {
        const text = token as MarkdownTokens.Text;
        return `<span>${text.tokens ? inlines(text.tokens, newTab) : escapeHtml(decodeEntities(text.text))}</span>`;
      }
      return block(token, newTab);
    })
    .join('');
}

function inline(token: MarkdownToken, newTab: string): string {
  switch (token.type) {
    case 'text':
    case 'escape': {
      const text = token as MarkdownTokens.Text;
      return text.tokens ? `<span>${inlines(text.tokens, newTab)}</span>` : escapeHtml(decodeEntities(text.text));
    }
    case 'strong':
      return `<strong class="font-semibold text-foreground">${inlines((token as MarkdownTokens.Strong).tokens, newTab)}</strong>`;
    case 'em':
      return `<em>${inlines((token as MarkdownTokens.Em).tokens, newTab)}</em>`;
    case 'del':
      return `<del>${inlines((token as MarkdownTokens.Del).tokens, newTab)}</del>`;
    case 'codespan':
      return `<code class="rounded bg-muted px-1 py-0.5 text-[0.9em]">${escapeHtml(decodeEntities((token as MarkdownTokens.Codespan).text))}</code>`;
    case 'br':
      return '<br>';
    case 'link': {
      const link = token as MarkdownTokens.Link;
      const href = safeMarkdownHref(link.href);
      const children = inlines(link.tokens, newTab);
      if (!href) return `<span>${children}</span>`;
      return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow" class="font-medium text-brand-soft underline underline-offset-4">${children}<span class="sr-only"> ${escapeHtml(newTab)}</span></a>`;
    }
    case 'image':
      return escapeHtml(decodeEntities((token as MarkdownTokens.Image).text));
    case 'html':
      return escapeHtml((token as MarkdownTokens.Tag).text);
    default:
      return plain(token);
  }
}
