import { describe, expect, it } from 'vitest';
import { markdownPlainText, safeMarkdownHref } from './products-markdown.ts';

describe('safeMarkdownHref', () => {
  it('keeps absolute http, https and mailto addresses', () => {
    expect(safeMarkdownHref('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(safeMarkdownHref(' HTTP://Example.com')).toBe('http://example.com/');
    expect(safeMarkdownHref('mailto:me@example.com')).toBe('mailto:me@example.com');
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', '/relative', '//evil.example', '', null])(
    'refuses %j',
    (href) => {
      expect(safeMarkdownHref(href)).toBeNull();
    },
  );
});

describe('markdownPlainText', () => {
  it('drops the Markdown and keeps the words', () => {
    expect(markdownPlainText('# Brand kit\n\nSome **bold** and [a link](https://x.example).\n\n- one\n- two\n\n![cover](x.png) `code` &amp;')).toBe(
      'Brand kit Some bold and a link. one two cover code &',
    );
  });

  it('shows raw HTML as the text it is, and cuts at a length', () => {
    expect(markdownPlainText('Hi <b>there</b>')).toBe('Hi <b>there</b>');
    expect(markdownPlainText('one two three four', 10)).toBe('one two…');
  });
});
