import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { EmploymentType, JobFilters } from '#shared/jobs.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { jobApplications, jobs } from '../../db/schema/jobs.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { containsPattern } from '../../db/like.ts';

export type Job = typeof jobs.$inferSelect;


/** SQL for the job filter rules of src/shared/jobs.ts (matchesJobFilters). */
export function jobFilterConditions(filters: JobFilters) {
  const keyword = filters.keyword?.trim();
  const location = filters.location?.trim();
  return and(
    keyword
      ? or(
          ilike(jobs.title, containsPattern(keyword)),
          ilike(jobs.companyName, containsPattern(keyword)),
          ilike(jobs.description, containsPattern(keyword)),
          sql`EXISTS (SELECT 1 FROM unnest(${jobs.skills}) AS skill WHERE skill ILIKE ${containsPattern(keyword)})`,
        )
      : undefined,
    location ? ilike(jobs.location, containsPattern(location)) : undefined,
    filters.type && filters.type !== 'All' ? eq(jobs.employmentType, filters.type as EmploymentType) : undefined,
  );
}

export async function searchJobs(db: Db, filters: JobFilters, page: number, pageSize: number) {
  const where = and(eq(jobs.status, 'open'), jobFilterConditions(filters));
  const [rows, [total]] = await Promise.all([
    db.select().from(jobs).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ value: count() }).from(jobs).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function getJob(db: Db, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

export async function listCompanyJobs(db: Db, companyId: string) {
  return db
    .select({ job: jobs, applications: sql<number>`(SELECT count(*) FROM job_applications a WHERE a.job_id = jobs.id)`.mapWith(Number) })
    .from(jobs)
    .where(eq(jobs.companyId, companyId))
    .orderBy(desc(jobs.createdAt));
}

export async function listApplications(db: Db, jobId: string) {
  return db
    .select({
      id: jobApplications.id,
      message: jobApplications.message,
      link: jobApplications.link,
      fileName: jobApplications.fileName,
      hasFile: sql<boolean>`${jobApplications.fileKey} IS NOT NULL`,
      createdAt: jobApplications.createdAt,
      applicantId: users.id,
      applicantName: userProfiles.name,
      applicantEmail: users.email,
      applicantSlug: userProfiles.storefrontSlug,
    })
    .from(jobApplications)
    .innerJoin(users, eq(users.id, jobApplications.applicantId))
    .innerJoin(userProfiles, eq(userProfiles.id, jobApplications.applicantId))
    .where(eq(jobApplications.jobId, jobId))
    .orderBy(desc(jobApplications.createdAt));
}
