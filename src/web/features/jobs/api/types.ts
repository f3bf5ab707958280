import type { EmploymentType } from '#shared/jobs.ts';

/** A job posting as the API answers it. */
export interface Job {
  id: string;
  companyId: string;
  title: string;
  companyName: string;
  location: string;
  description: string;
  skills: string[];
  employmentType: EmploymentType;
  salaryRange: string | null;
  applyUrl: string | null;
  applyEmail: string | null;
  status: 'open' | 'closed';
  createdAt: string;
}

/** The job form's values, sent as JSON to POST /api/jobs and PUT /api/jobs/{id}. */
export interface JobInput {
  title: string;
  companyName: string;
  location: string;
  description: string;
  /** "React, Figma": the server splits, trims and drops blanks. */
  skills: string;
  employmentType: EmploymentType;
  salaryRange: string;
  applyUrl: string;
  applyEmail: string;
}

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const JOBS_QUERY_KEY = ['jobs'] as const;
