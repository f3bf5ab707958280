/** The jobs routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import type { ApiRoutes } from './api-contract.ts';
import { EMPLOYMENT_TYPES, JOB_STATUSES } from './jobs.ts';

/** A job posting as the API answers it. */
export const jobSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  title: z.string(),
  companyName: z.string(),
  location: z.string(),
  description: z.string(),
  skills: z.array(z.string()),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  salaryRange: z.string().nullable(),
  applyUrl: z.string().nullable(),
  applyEmail: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobAnswerSchema = z.object({ job: jobSchema });

/** One page of Find Jobs. */
export const jobsPageSchema = z.object({ items: z.array(jobSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type JobsPage = z.infer<typeof jobsPageSchema>;

/** A company's own posting, with how many applications it has received. */
export const myJobSchema = jobSchema.extend({ applications: z.number().int() });
export type MyJob = z.infer<typeof myJobSchema>;
export const myJobsSchema = z.object({ items: z.array(myJobSchema) });

export const applicationSentSchema = z.object({ id: z.number().int(), message: z.string() });
export type ApplicationSent = z.infer<typeof applicationSentSchema>;

export const jobApplicationSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  link: z.string().nullable(),
  fileName: z.string().nullable(),
  hasFile: z.boolean(),
  createdAt: z.string(),
  applicantId: z.string(),
  applicantName: z.string(),
  applicantEmail: z.string(),
  applicantSlug: z.string().nullable(),
});
export type JobApplication = z.infer<typeof jobApplicationSchema>;
export const jobApplicationsSchema = z.object({ items: z.array(jobApplicationSchema) });

export const JOBS_API = {
  'GET /api/jobs': jobsPageSchema,
  'GET /api/jobs/:id': jobAnswerSchema,
  'POST /api/jobs': jobAnswerSchema,
  'PUT /api/jobs/:id': jobAnswerSchema,
  'PATCH /api/jobs/:id/status': jobAnswerSchema,
  'GET /api/my/jobs': myJobsSchema,
  'POST /api/jobs/:id/applications': applicationSentSchema,
  'GET /api/jobs/:id/applications': jobApplicationsSchema,
} as const satisfies ApiRoutes;
