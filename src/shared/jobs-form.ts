import { z } from 'zod';
import { EMPLOYMENT_TYPES, JOB_MESSAGES } from './jobs.ts';

// Kept apart from jobs.ts: zod comes only with the job form.

const requiredText = (max: number) => z.string().trim().min(1, JOB_MESSAGES.missingFields).max(max);

/**
 * The job form of SPEC §5 as typed (every field text; the server splits the skills and turns empty
 * optional fields into null): title, company name, location and description are required.
 */
export const jobFormSchema = z.object({
  title: requiredText(150),
  companyName: requiredText(150),
  location: requiredText(150),
  description: requiredText(10_000),
  skills: z.string().max(2000),
  employmentType: z.enum(EMPLOYMENT_TYPES, JOB_MESSAGES.employmentTypeRequired),
  salaryRange: z.string().trim().max(100),
  applyUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/, message: JOB_MESSAGES.applyUrlInvalid })]),
  applyEmail: z.union([z.literal(''), z.email(JOB_MESSAGES.applyEmailInvalid)]),
});
export type JobForm = z.infer<typeof jobFormSchema>;

export const JOB_FILTER_TEXT_MAX = 200;

/** Find Jobs' filters as typed (GET /api/jobs takes the same; matchesJobFilters is how they match). */
export const jobFiltersFormSchema = z.object({
  keyword: z.string().max(JOB_FILTER_TEXT_MAX),
  location: z.string().max(JOB_FILTER_TEXT_MAX),
  type: z.enum(['All', ...EMPLOYMENT_TYPES]),
});
export type JobFiltersForm = z.infer<typeof jobFiltersFormSchema>;

export const APPLICATION_MAX_LENGTH = 5000;
export const APPLICATION_MESSAGES = {
  messageTooLong: 'Your message can be at most 5,000 characters.',
  badLink: 'The link must start with http:// or https://',
} as const;

/** An application's text fields (its optional file is checked apart, by size): a message, and a link or none. */
export const applicationFormSchema = z.object({
  message: z.string().trim().min(1, JOB_MESSAGES.applicationNeedsMessage).max(APPLICATION_MAX_LENGTH, APPLICATION_MESSAGES.messageTooLong),
  link: z
    .string()
    .trim()
    .refine((link) => !link || /^https?:\/\/\S+$/i.test(link), APPLICATION_MESSAGES.badLink),
});
export type ApplicationForm = z.infer<typeof applicationFormSchema>;
