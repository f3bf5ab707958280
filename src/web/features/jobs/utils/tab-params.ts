import { EMPLOYMENT_TYPES, JOB_TABS, type EmploymentType } from '#shared/jobs.ts';

export type JobTab = (typeof JOB_TABS)[number];

/** `?tab=` of /dashboard/zerrijobs; anything unknown is the overview. */
export function readTab(params: URLSearchParams): JobTab {
  const tab = params.get('tab');
  return (JOB_TABS as readonly string[]).includes(tab ?? '') ? (tab as JobTab) : 'overview';
}

export interface JobFilterState {
  keyword: string;
  location: string;
  type: EmploymentType | 'All';
  page: number;
}

/** The Find Jobs filter state kept in the URL: keyword, location, type and page. */
export function readJobFilters(params: URLSearchParams): JobFilterState {
  const type = params.get('type') ?? 'All';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    keyword: params.get('keyword') ?? '',
    location: params.get('location') ?? '',
    type: (EMPLOYMENT_TYPES as readonly string[]).includes(type) ? (type as EmploymentType) : 'All',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 1000) : 1,
  };
}

/** Writes the filters into the URL, leaving out defaults so links stay short. */
export function writeJobFilters(params: URLSearchParams, filters: JobFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, fallback: string) => (value && value !== fallback ? next.set(key, value) : next.delete(key));
  set('keyword', filters.keyword.trim(), '');
  set('location', filters.location.trim(), '');
  set('type', filters.type, 'All');
  set('page', String(filters.page), '1');
  return next;
}
