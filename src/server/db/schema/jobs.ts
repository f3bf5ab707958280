import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { EMPLOYMENT_TYPES } from '#shared/jobs.ts';
import { users } from './auth.ts';

export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(), // job_ + 20 random characters
    companyId: text('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    companyName: text('company_name').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    employmentType: text('employment_type', { enum: EMPLOYMENT_TYPES }).notNull(),
    salaryRange: text('salary_range'),
    applyUrl: text('apply_url'),
    applyEmail: text('apply_email'),
    status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('jobs_status_created_idx').on(table.status, table.createdAt), index('jobs_company_idx').on(table.companyId)],
);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: serial('id').primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    link: text('link'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    /** When the company first opened the application (its applicant is told once). */
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('job_applications_once').on(table.jobId, table.applicantId)],
);
