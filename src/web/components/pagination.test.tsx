import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Pagination, type PaginationTexts } from './pagination.tsx';

const texts: PaginationTexts = { label: 'Pages', previous: 'Previous', next: 'Next', status: (page, pages) => `Page ${page} of ${pages}` };
const render = (props: Partial<Parameters<typeof Pagination>[0]> & ({ pages: number } | { total: number; pageSize: number })) =>
  renderToStaticMarkup(<Pagination page={1} onPage={() => {}} texts={texts} {...props} />);
const buttons = (html: string) => [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map((match) => ({ text: match[2]!.replace(/<[^>]+>/g, '').trim(), disabled: /\sdisabled=""/.test(match[1]!) }));

describe('Pagination', () => {
  it('shows nothing when everything fits on one page', () => {
    expect(render({ pages: 1 })).toBe('');
    expect(render({ total: 20, pageSize: 20 })).toBe('');
    expect(render({ total: 0, pageSize: 20 })).toBe('');
  });

  it('counts the pages from the total', () => {
    expect(render({ total: 21, pageSize: 20 })).toContain('Page 1 of 2');
  });

  it('turns Previous off on the first page and Next off on the last', () => {
    expect(buttons(render({ page: 1, pages: 3 }))).toEqual([{ text: 'Previous', disabled: true }, { text: 'Next', disabled: false }]);
    expect(buttons(render({ page: 2, pages: 3 }))).toEqual([{ text: 'Previous', disabled: false }, { text: 'Next', disabled: false }]);
    expect(buttons(render({ page: 3, pages: 3 }))).toEqual([{ text: 'Previous', disabled: false }, { text: 'Next', disabled: true }]);
    expect(buttons(render({ page: 2, pages: 3, disabled: true }))).toEqual([{ text: 'Previous', disabled: true }, { text: 'Next', disabled: true }]);
  });

  it('is a named navigation with a label, and a plain group inside the caller’s own one without', () => {
    expect(render({ pages: 2 })).toMatch(/^<nav aria-label="Pages"/);
    expect(renderToStaticMarkup(<Pagination page={1} pages={2} onPage={() => {}} texts={{ ...texts, label: undefined }} />)).toMatch(/^<div class=/);
  });
});
