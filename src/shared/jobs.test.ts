import { describe, expect, it } from 'vitest';
import { matchesJobFilters, parseSkills, type FilterableJob } from './jobs.ts';
import { popularity } from './community.ts';

const job: FilterableJob = {
  title: 'Senior Illustrator',
  companyName: 'Northwind Studio',
  description: 'Draw covers for our books.',
  location: 'Remote (Europe)',
  skills: ['Procreate', 'Typography'],
  employmentType: 'Contract',
};

describe('job filters', () => {
  it('matches the keyword in title, company, description or any skill, ignoring case', () => {
    for (const keyword of ['illustrator', 'NORTHWIND', 'covers', 'procreate', 'typo']) expect(matchesJobFilters(job, { keyword })).toBe(true);
    expect(matchesJobFilters(job, { keyword: 'rust' })).toBe(false);
    expect(matchesJobFilters(job, { keyword: '  ' })).toBe(true);
  });

  it('matches the location as a case-insensitive substring', () => {
    expect(matchesJobFilters(job, { location: 'europe' })).toBe(true);
    expect(matchesJobFilters(job, { location: 'berlin' })).toBe(false);
  });

  it('needs the same type unless All', () => {
    expect(matchesJobFilters(job, { type: 'Contract' })).toBe(true);
    expect(matchesJobFilters(job, { type: 'Full-time' })).toBe(false);
    expect(matchesJobFilters(job, { type: 'All' })).toBe(true);
  });

  it('combines every filter', () => {
    expect(matchesJobFilters(job, { keyword: 'draw', location: 'remote', type: 'Contract' })).toBe(true);
    expect(matchesJobFilters(job, { keyword: 'draw', location: 'remote', type: 'Freelance' })).toBe(false);
  });
});

describe('skills and popularity', () => {
  it('splits skills on commas, trimmed, without blanks', () => {
    expect(parseSkills(' React, ,Figma ,, ')).toEqual(['React', 'Figma']);
  });

  it('ranks by likes plus comments', () => {
    expect(popularity({ likeCount: 3, commentCount: 4 })).toBe(7);
  });
});
