import type { EmploymentType } from '#shared/jobs.ts';

export type { ApplicationSent, Job, JobApplication, JobsPage, MyJob } from '#shared/jobs-api.ts';

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
