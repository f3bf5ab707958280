import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.tsx';

type Anchor = ReactElement<{ href: string; rel: string; target: string; children: string }>;
const describeParts = (text: string) => linkify(text).map((part) => (isValidElement(part) ? { link: (part as Anchor).props.href } : part));

describe('linkify', () => {
  it('leaves text without URLs as one string', () => {
    expect(linkify('Hello there')).toEqual(['Hello there']);
    expect(linkify('')).toEqual([]);
  });

  it('turns http(s) URLs into links between the text around them', () => {
    expect(describeParts('See https://example.com/a?b=1 and http://x.org now')).toEqual([
      'See ',
      { link: 'https://example.com/a?b=1' },
      ' and ',
      { link: 'http://x.org' },
      ' now',
    ]);
  });

  it('keeps closing punctuation out of the link', () => {
    expect(describeParts('Look (https://example.com/page).')).toEqual(['Look (', { link: 'https://example.com/page' }, ').']);
    expect(describeParts('https://example.com!')).toEqual([{ link: 'https://example.com' }, '!']);
  });

  it('opens links in a new tab without passing the page or ranking', () => {
    const [link] = linkify('https://example.com') as Anchor[];
    expect(link!.props).toMatchObject({ target: '_blank', rel: 'nofollow noopener noreferrer', children: 'https://example.com' });
  });

  it('does not link other schemes or HTML', () => {
    expect(linkify('javascript:alert(1) <a href="https://x.org">x</a>').filter(isValidElement)).toHaveLength(1);
    expect(describeParts('ftp://files.example.com')).toEqual(['ftp://files.example.com']);
  });
});
