import { describe, expect, it } from 'vitest';
import { canManageJob, canReadApplicationFile, matchesJobFilters, parseSkills, type FilterableJob } from './jobs.ts';
import { canDeletePost, popularity } from './community.ts';

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

describe('permissions', () => {
  const company = { id: 'u_company', role: 'company' };
  it('lets a company manage only its own postings', () => {
    expect(canManageJob(company, { companyId: 'u_company' })).toBe(true);
    expect(canManageJob(company, { companyId: 'u_other' })).toBe(false);
    expect(canManageJob({ id: 'u_company', role: 'creator' }, { companyId: 'u_company' })).toBe(false);
  });

  it('gives an application’s file to the company and the applicant only', () => {
    const job = { companyId: 'u_company' };
    const application = { applicantId: 'u_applicant' };
    expect(canReadApplicationFile({ id: 'u_company' }, job, application)).toBe(true);
    expect(canReadApplicationFile({ id: 'u_applicant' }, job, application)).toBe(true);
    expect(canReadApplicationFile({ id: 'u_stranger' }, job, application)).toBe(false);
  });

  it('lets the author or an admin delete a post', () => {
    const post = { authorId: 'u_author' };
    expect(canDeletePost({ id: 'u_author', role: 'creator' }, post)).toBe(true);
    expect(canDeletePost({ id: 'u_admin', role: 'admin' }, post)).toBe(true);
    expect(canDeletePost({ id: 'u_other', role: 'creator' }, post)).toBe(false);
    expect(canDeletePost(null, post)).toBe(false);
  });
});
