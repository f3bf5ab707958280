import { describe, expect, it } from 'vitest';
import { readJobFilters, readTab, writeJobFilters } from './tab-params.ts';

const params = (query: string) => new URLSearchParams(query);

describe('Zerrijobs URL state', () => {
  it('reads a known tab, and the overview for anything else', () => {
    expect(readTab(params('tab=find'))).toBe('find');
    expect(readTab(params('tab=community'))).toBe('community');
    expect(readTab(params('tab=admin'))).toBe('overview');
    expect(readTab(params(''))).toBe('overview');
  });

  it('reads the filters, with defaults for missing or unknown values', () => {
    expect(readJobFilters(params(''))).toEqual({ keyword: '', location: '', type: 'All', page: 1 });
    expect(readJobFilters(params('keyword=design&location=Paris&type=Contract&page=3'))).toEqual({
      keyword: 'design',
      location: 'Paris',
      type: 'Contract',
      page: 3,
    });
    expect(readJobFilters(params('type=Volunteer')).type).toBe('All');
  });

  it('keeps the page a whole number from 1 to 1000', () => {
    expect(readJobFilters(params('page=0')).page).toBe(1);
    expect(readJobFilters(params('page=-2')).page).toBe(1);
    expect(readJobFilters(params('page=abc')).page).toBe(1);
    expect(readJobFilters(params('page=2.9')).page).toBe(2);
    expect(readJobFilters(params('page=99999')).page).toBe(1000);
  });

  it('writes only what differs from the defaults, keeping other parameters', () => {
    const next = writeJobFilters(params('tab=find&page=4&keyword=old'), { keyword: '  logo ', location: '', type: 'All', page: 1 });
    expect(next.toString()).toBe('tab=find&keyword=logo');
    expect(writeJobFilters(params(''), { keyword: '', location: 'Lyon', type: 'Freelance', page: 2 }).toString()).toBe('location=Lyon&type=Freelance&page=2');
  });

  it('reads back what it wrote', () => {
    const filters = { keyword: 'motion design', location: 'Berlin', type: 'Part-time', page: 7 } as const;
    expect(readJobFilters(writeJobFilters(params(''), filters))).toEqual(filters);
  });
});
