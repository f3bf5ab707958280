/**
 * Product descriptions are Markdown (issue #21). This file reads it into tokens (marked's lexer, no
 * HTML renderer) and holds the rules both sides use: which links may be followed, and the plain text
 * the marketplace cards and link previews show. The product page draws the tokens as React elements
 * (src/web/features/products/components/markdown-text.tsx), one element per known token type, so
 * nothing written in a description ever becomes HTML:
 * - raw HTML (`<script>`, `<img onerror>`, `<b>`) is shown as the text it is;
 * - a link is followed only to an absolute http, https or mailto address (anything else, such as
 *   `javascript:`, `data:` or a relative path, shows as its text), and opens in a new tab with
 *   rel="noopener noreferrer nofollow";
 * - a Markdown image shows its alt text: a product's pictures are its gallery, served from our storage.
 * Kept apart from products.ts (which the first view loads): marked comes only with the product page.
 */
import { Lexer, type Token } from 'marked';

export type { Token as MarkdownToken, Tokens as MarkdownTokens } from 'marked';

export const MARKDOWN_LINK_PROTOCOLS: readonly string[] = ['http:', 'https:', 'mailto:'];

/** An absolute http(s) or mailto address, normalised as it will be followed; null for anything else. */
export function safeMarkdownHref(href: string | null | undefined): string | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  return MARKDOWN_LINK_PROTOCOLS.includes(url.protocol) ? url.href : null;
}

/**
 * A description's tokens: GitHub-flavoured Markdown (tables, ~~strike~~, bare www. links), a line
 * break where the text has one (as descriptions were shown before they were Markdown).
 */
export function markdownTokens(text: string): Token[] {
  return new Lexer({ gfm: true, breaks: true }).lex(text);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  euro: '€',
};

/** marked keeps character references as written ("&amp;", "&#169;"); this is the text they stand for. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The words of some tokens, without their Markdown. */
function plainWords(tokens: readonly Token[], out: string[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'hr':
      case 'def':
        out.push(' ');
        break;
      case 'br':
        out.push(' ');
        break;
      case 'code':
      case 'codespan':
      case 'html':
        out.push(token.text as string);
        break;
      case 'image':
        out.push(decodeEntities(token.text as string));
        break;
      case 'list':
        for (const item of (token as { items: { tokens: Token[] }[] }).items) {
          plainWords(item.tokens, out);
          out.push(' ');
        }
        break;
      case 'table': {
        const table = token as { header: { tokens: Token[] }[]; rows: { tokens: Token[] }[][] };
        for (const cell of [...table.header, ...table.rows.flat()]) {
          plainWords(cell.tokens, out);
          out.push(' ');
        }
        break;
      }
      default:
        if ('tokens' in token && Array.isArray(token.tokens)) plainWords(token.tokens, out);
        else if ('text' in token && typeof token.text === 'string') out.push(decodeEntities(token.text));
        if (token.type === 'heading' || token.type === 'paragraph' || token.type === 'blockquote') out.push(' ');
    }
  }
}

/** A description as one line of plain text (cards, the marketplace, link previews), at most `max` characters. */
export function markdownPlainText(text: string, max = Infinity): string {
  const out: string[] = [];
  plainWords(markdownTokens(text), out);
  const plain = out.join('').replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, Math.max(0, max - 1));
  const space = cut.lastIndexOf(' ');
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
