import { describe, expect, it } from 'vitest';
import { codeOfShortLink, importColumns, importRow, isBlankRecord } from './links-import.ts';

describe('import columns', () => {
  it('finds our columns and a Bitly export’s, in any order and letter case', () => {
    expect(importColumns(['URL', 'Code', 'Tags'])).toEqual({ url: 0, code: 1, link: undefined, tags: 2, bitly: false });
    expect(importColumns(['Bitlink', 'Long URL', 'Title', 'Tags', 'Created'])).toEqual({ url: 1, code: undefined, link: 0, tags: 3, bitly: true });
    expect(importColumns(['id', 'link', 'long_url'])).toMatchObject({ url: 2, link: 1, bitly: true });
    expect(importColumns(['address', 'code'])).toBeUndefined();
  });

  it('reads a row: tags by ; (and , in a Bitly export), the code from a Bitlink', () => {
    expect(importRow([' https://a.example ', '', 'one; two ;;'], importColumns(['url', 'code', 'tags'])!)).toEqual({ url: 'https://a.example', tags: ['one', 'two'] });
    expect(importRow(['https://a.example', 'mine', 'a,b'], importColumns(['url', 'code', 'tags'])!)).toEqual({ url: 'https://a.example', code: 'mine', tags: ['a,b'] });
    const bitly = importColumns(['Bitlink', 'Long URL', 'Tags'])!;
    expect(importRow(['bit.ly/3AbC', 'https://a.example', 'x, y'], bitly)).toEqual({ url: 'https://a.example', code: '3AbC', tags: ['x', 'y'] });
    expect(importRow(['https://bit.ly/3AbC'], bitly)).toEqual({ url: '', code: '3AbC', tags: [] });
  });

  it('takes the path of a short link as its code', () => {
    expect(codeOfShortLink('bit.ly/3AbC')).toBe('3AbC');
    expect(codeOfShortLink('https://bit.ly/3AbC/')).toBe('3AbC');
    expect(codeOfShortLink('bit.ly')).toBeUndefined();
    expect(codeOfShortLink('')).toBeUndefined();
    expect(isBlankRecord(['', ' '])).toBe(true);
    expect(isBlankRecord(['', 'x'])).toBe(false);
  });
});
