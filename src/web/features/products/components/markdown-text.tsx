import type { ReactNode } from 'react';
import { decodeEntities, markdownTokens, safeMarkdownHref, type MarkdownToken, type MarkdownTokens } from '#shared/products-markdown.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * A product description's Markdown as React elements (src/shared/products-markdown.ts says what is
 * allowed). Each known token type becomes its element and every text is a React text node, so
 * nothing of the description becomes markup: raw HTML shows as text, a link goes only to http(s) or
 * mailto, a Markdown image shows its alt text. Headings start at h3 (the page has its h1 and the
 * Description h2). Loaded lazily: marked comes only with the product page and the form's preview.
 */
export default function MarkdownText({ text, newTabLabel, className }: { text: string; newTabLabel: string; className?: string }) {
  return <div className={cn('markdown-text grid min-w-0 gap-3 leading-relaxed wrap-anywhere', className)}>{blocks(markdownTokens(text), newTabLabel)}</div>;
}

const HEADINGS = ['h3', 'h4', 'h5', 'h6', 'h6', 'h6'] as const;
const HEADING_CLASS = ['text-lg font-semibold text-foreground', 'text-base font-semibold text-foreground', 'font-semibold text-foreground'] as const;

function blocks(tokens: readonly MarkdownToken[], newTab: string): ReactNode[] {
  return tokens.map((token, index) => block(token, index, newTab));
}

function inlines(tokens: readonly MarkdownToken[] | undefined, newTab: string): ReactNode[] {
  return (tokens ?? []).map((token, index) => inline(token, index, newTab));
}

function block(token: MarkdownToken, key: number, newTab: string): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'heading': {
      const { depth, tokens } = token as MarkdownTokens.Heading;
      const Tag = HEADINGS[Math.min(Math.max(depth, 1), 6) - 1]!;
      return (
        <Tag key={key} className={HEADING_CLASS[Math.min(depth, 3) - 1]}>
          {inlines(tokens, newTab)}
        </Tag>
      );
    }
    case 'paragraph':
      return <p key={key}>{inlines((token as MarkdownTokens.Paragraph).tokens, newTab)}</p>;
    case 'blockquote':
      return (
        <blockquote key={key} className="grid gap-3 border-l-4 border-violet-400/50 pl-4 italic">
          {blocks((token as MarkdownTokens.Blockquote).tokens, newTab)}
        </blockquote>
      );
    case 'code':
      return (
        <pre key={key} className="overflow-x-auto rounded-lg border border-border bg-muted/60 p-3 text-sm">
          <code>{(token as MarkdownTokens.Code).text}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} className="border-border" />;
    case 'list': {
      const list = token as MarkdownTokens.List;
      const items = list.items.map((item, index) => (
        <li key={index} className="pl-1">
          {item.task ? `[${item.checked ? 'x' : ' '}] ` : null}
          {item.loose ? blocks(item.tokens.filter((child) => child.type !== 'checkbox'), newTab) : listItem(item.tokens, newTab)}
        </li>
      ));
      return list.ordered ? (
        <ol key={key} start={typeof list.start === 'number' && list.start !== 1 ? list.start : undefined} className="grid list-decimal gap-1 pl-6">
          {items}
        </ol>
      ) : (
        <ul key={key} className="grid list-disc gap-1 pl-6">
          {items}
        </ul>
      );
    }
    case 'table': {
      const table = token as MarkdownTokens.Table;
      return (
        <div key={key} className="overflow-x-auto">
          <table className="min-w-full border-collapse text-sm">
            <thead>
              <tr>
                {table.header.map((cell, index) => (
                  <th key={index} scope="col" className="border border-border px-3 py-1.5 text-left font-semibold text-foreground">
                    {inlines(cell.tokens, newTab)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} className="border border-border px-3 py-1.5">
                      {inlines(cell.tokens, newTab)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'html':
      // Raw HTML is never markup: it shows as what was typed.
      return (
        <p key={key} className="whitespace-pre-wrap">
          {(token as MarkdownTokens.HTML).text}
        </p>
      );
    case 'text': {
      const text = token as MarkdownTokens.Text;
      return <p key={key}>{text.tokens ? inlines(text.tokens, newTab) : decodeEntities(text.text)}</p>;
    }
    default:
      return <p key={key}>{'text' in token && typeof token.text === 'string' ? token.text : token.raw}</p>;
  }
}

/** A tight list item's text tokens hold its inline tokens; a nested list is a block. */
function listItem(tokens: readonly MarkdownToken[], newTab: string): ReactNode[] {
  return tokens.map((token, index) => {
    if (token.type === 'checkbox') return null;
    if (token.type === 'text') {
      const text = token as MarkdownTokens.Text;
      return <span key={index}>{text.tokens ? inlines(text.tokens, newTab) : decodeEntities(text.text)}</span>;
    }
    return block(token, index, newTab);
  });
}

function inline(token: MarkdownToken, key: number, newTab: string): ReactNode {
  switch (token.type) {
    case 'text':
    case 'escape': {
      const text = token as MarkdownTokens.Text;
      return text.tokens ? <span key={key}>{inlines(text.tokens, newTab)}</span> : decodeEntities(text.text);
    }
    case 'strong':
      return (
        <strong key={key} className="font-semibold text-foreground">
          {inlines((token as MarkdownTokens.Strong).tokens, newTab)}
        </strong>
      );
    case 'em':
      return <em key={key}>{inlines((token as MarkdownTokens.Em).tokens, newTab)}</em>;
    case 'del':
      return <del key={key}>{inlines((token as MarkdownTokens.Del).tokens, newTab)}</del>;
    case 'codespan':
      return (
        <code key={key} className="rounded bg-muted px-1 py-0.5 text-[0.9em]">
          {decodeEntities((token as MarkdownTokens.Codespan).text)}
        </code>
      );
    case 'br':
      return <br key={key} />;
    case 'link': {
      const link = token as MarkdownTokens.Link;
      const href = safeMarkdownHref(link.href);
      const children = inlines(link.tokens, newTab);
      if (!href) return <span key={key}>{children}</span>;
      return (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-soft underline underline-offset-4">
          {children}
          <span className="sr-only"> {newTab}</span>
        </a>
      );
    }
    case 'image':
      // No pictures from a description: its alt text stands in (the gallery holds the product's images).
      return decodeEntities((token as MarkdownTokens.Image).text);
    case 'html':
      return (token as MarkdownTokens.Tag).text;
    default:
      return 'text' in token && typeof token.text === 'string' ? token.text : token.raw;
  }
}
