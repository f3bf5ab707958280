import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import MarkdownText from './markdown-text.tsx';

const render = (text: string) => renderToStaticMarkup(<MarkdownText text={text} newTabLabel="(opens in a new tab)" />);

/** The elements and attributes a description may produce; anything else is a hole. */
const ALLOWED_TAGS = new Set(['div', 'p', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'span', 'br', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
const ALLOWED_ATTRIBUTES = new Set(['class', 'href', 'target', 'rel', 'start', 'scope']);

/** Every tag and attribute of some markup, read as a browser would start reading it. */
function elements(html: string) {
  const found: { tag: string; attributes: Record<string, string> }[] = [];
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const attributes: Record<string, string> = {};
    for (const attribute of match[2]!.matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)) attributes[attribute[1]!.toLowerCase()] = attribute[2] ?? '';
    found.push({ tag: match[1]!.toLowerCase(), attributes });
  }
  return found;
}

function expectSafe(html: string) {
  for (const { tag, attributes } of elements(html)) {
    expect(ALLOWED_TAGS, `<${tag}> in ${html}`).toContain(tag);
    for (const [name, value] of Object.entries(attributes)) {
      expect(ALLOWED_ATTRIBUTES, `${name}= in ${html}`).toContain(name);
      if (name === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:)/);
    }
  }
  // Only the elements above: a "<" of the text is always escaped.
  expect(html.replace(/<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/g, '')).not.toMatch(/</);
}

describe('a product description in Markdown', () => {
  it('renders headings (from h3), emphasis, lists, code, quotes and links', () => {
    const html = render(
      [
        '# Brand kit',
        '## What you get',
        'Some **bold**, _italic_, ~~old~~ and `code`.',
        '- one\n- two\n  1. nested',
        '3. three\n4. four',
        '> A quote',
        '```\nconst x = 1 < 2;\n```',
        'See [the docs](https://example.com/docs?a=1&b=2) or write to <mailto:me@example.com>.',
        '---',
        '| a | b |\n|---|---|\n| 1 | 2 |',
      ].join('\n\n'),
    );
    expect(html).toContain('<h3 class="text-lg font-semibold text-foreground">Brand kit</h3>');
    expect(html).toContain('<h4');
    expect(html).toMatch(/<strong[^>]*>bold<\/strong>/);
    expect(html).toContain('<em>italic</em>');
    expect(html).toContain('<del>old</del>');
    expect(html).toMatch(/<code[^>]*>code<\/code>/);
    expect(html).toMatch(/<ul[^>]*><li[^>]*><span>one<\/span><\/li><li[^>]*><span>two<\/span><ol/);
    expect(html).toMatch(/<ol start="3"/);
    expect(html).toMatch(/<blockquote[^>]*><p>A quote<\/p><\/blockquote>/);
    expect(html).toContain('<code>const x = 1 &lt; 2;</code>');
    expect(html).toContain(
      '<a href="https://example.com/docs?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow" class="font-medium text-brand-soft underline underline-offset-4">the docs<span class="sr-only"> (opens in a new tab)</span></a>',
    );
    expect(html).toContain('href="mailto:me@example.com"');
    expect(html).toContain('<hr');
    expect(html).toMatch(/<th scope="col"[^>]*>a<\/th>/);
    expectSafe(html);
  });

  it('keeps line breaks and character references as text', () => {
    expect(render('Line one\nline two &amp; &copy; &#169; &bogus;')).toBe(
      '<div class="markdown-text grid min-w-0 gap-3 leading-relaxed wrap-anywhere"><p>Line one<br/>line two &amp; © © &amp;bogus;</p></div>',
    );
  });

  it('shows raw HTML as text: scripts, event handlers, iframes', () => {
    for (const raw of ['<script>alert(1)</script>', '<img src=x onerror="alert(1)">', 'Hi <b onclick="x()">there</b>', '<iframe src="https://evil.example"></iframe>', '<a href="javascript:alert(1)">x</a>']) {
      const html = render(raw);
      expectSafe(html);
      expect(html).not.toMatch(/<(script|img|iframe|b )/);
      expect(html).toContain('&lt;');
    }
    expect(render('<script>alert(1)</script>')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('follows no javascript:, data:, vbscript: or relative link, and shows no Markdown image', () => {
    for (const link of [
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x]( javascript:alert(1))',
      '[x](java&#115;cript:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](vbscript:msgbox)',
      '[x](/dashboard)',
      '[x][ref]\n\n[ref]: javascript:alert(1)',
      '<javascript:alert(1)>',
    ]) {
      const html = render(link);
      expectSafe(html);
      expect(html, link).not.toContain('href');
    }
    const image = render('![a cat](https://example.com/cat.png) ![x](data:image/svg+xml,<svg onload=alert(1)>)');
    expectSafe(image);
    expect(image).not.toContain('<img');
    expect(image).toContain('a cat');
  });

  it('never produces an element or attribute outside its list, whatever is typed', () => {
    const pieces = fc.constantFrom(
      '<script>', '</script>', '<img src=x onerror=alert(1)>', '<svg onload=alert(1)>', '<a href="javascript:x">', '<style>', '<iframe>',
      'javascript:', '](javascript:alert(1))', '](data:text/html,x)', 'data:text/html,', 'https://ok.example/', 'mailto:a@b.c', '[', ']', '(', ')', '![', '<', '>', '"', "'", '`', '```',
      '*', '_', '#', '- ', '1. ', '> ', '|', '---', '\n', '\n\n', ' ', '&', '&lt;', '&#60;', '\\', 'word', '<http://x.example>', 'onerror=',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        expectSafe(render(parts.join('')));
      }),
      { numRuns: 400 },
    );
  });
});
