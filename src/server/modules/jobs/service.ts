import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { APPLICATION_FILE_MAX_BYTES, JOB_MESSAGES, parseSkills, type JobStatus } from '#shared/jobs.ts';
import type { ApplicationSent, Job as JobView } from '#shared/jobs-api.ts';
import { APPLICATION_MAX_LENGTH, APPLICATION_MESSAGES } from '#shared/jobs-form.ts';
import { jobApplications, jobs } from '../../db/schema/jobs.ts';
import type { AppContext } from '../../platform/context.ts';
import { appBlocklist, checkDestination, mayRedirectTo, type Blocklist } from '../../platform/blocklist.ts';
import { BadRequestError, ConflictError } from '../../platform/errors.ts';
import { safeFileName } from '../../platform/file-names.ts';
import { prefixedId } from '../../platform/ids.ts';
import { receiveMultipart } from '../../platform/multipart.ts';
import type { Job } from './queries.ts';
import { announceNotifications, notify } from '../notifications/service.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';

/** The job form as the route's schema reads it (skills as typed, or already a list). */
export interface JobValues {
  title: string;
  companyName: string;
  location: string;
  description: string;
  skills: string | string[];
  employmentType: Job['employmentType'];
  salaryRange: string | null;
  applyUrl: string | null;
  applyEmail: string | null;
}

/**
 * A job as the API answers it (dates as ISO strings). Applicants are sent to its apply link: one on a
 * domain the admins blocked since it was saved is not shown.
 */
export const jobView = (job: Job, blocklist: Blocklist): JobView => ({
  ...job,
  applyUrl: job.applyUrl && mayRedirectTo(blocklist, job.applyUrl) ? job.applyUrl : null,
  createdAt: job.createdAt.toISOString(),
  updatedAt: job.updatedAt.toISOString(),
});

/** The form's values as stored; the apply link goes through the one rule of an address visitors are sent to. */
function values(input: JobValues, blocklist: Blocklist) {
  if (!input.title || !input.companyName || !input.location || !input.description) throw new BadRequestError(JOB_MESSAGES.missingFields, 'missing_fields');
  const skills = Array.isArray(input.skills) ? input.skills.map((skill) => skill.trim()).filter(Boolean) : parseSkills(input.skills);
  const applyUrl = input.applyUrl === null ? null : checkDestination(blocklist, input.applyUrl);
  return { ...input, applyUrl, skills };
}

export async function createJob(ctx: AppContext, companyId: string, input: JobValues): Promise<JobView> {
  const blocklist = await appBlocklist(ctx);
  const [job] = await ctx.database.db
    .insert(jobs)
    .values({ ...values(input, blocklist), id: prefixedId('job'), companyId })
    .returning();
  return jobView(job!, blocklist);
}

export async function updateJob(ctx: AppContext, id: string, input: JobValues): Promise<JobView> {
  const blocklist = await appBlocklist(ctx);
  const [job] = await ctx.database.db
    .update(jobs)
    .set({ ...values(input, blocklist), updatedAt: new Date() })
    .where(eq(jobs.id, id))
    .returning();
  return jobView(job!, blocklist);
}

export async function setJobStatus(ctx: AppContext, id: string, status: JobStatus): Promise<JobView> {
  const [job] = await ctx.database.db.update(jobs).set({ status, updatedAt: new Date() }).where(eq(jobs.id, id)).returning();
  return jobView(job!, await appBlocklist(ctx));
}

/**
 * Reads an application's multipart form: a message, and a link or a file (kept private: only the
 * company and the applicant get it); one application per applicant and job.
 */
export async function applyToJob(ctx: AppContext, request: FastifyRequest, applicant: { id: string; name: string }, job: Job): Promise<ApplicationSent> {
  const applicantId = applicant.id;
  if (job.companyId === applicantId) throw new BadRequestError(JOB_MESSAGES.ownJob);
  if (job.status !== 'open') throw new BadRequestError(JOB_MESSAGES.closed);
  const form = await receiveMultipart(request, ctx.uploadDir, { file: { maxBytes: APPLICATION_FILE_MAX_BYTES, tooLarge: 'The attached file is larger than 10 MB.' } });
  let fileKey: string | undefined;
  try {
    const message = (form.fields.message ?? '').trim();
    const link = (form.fields.link ?? '').trim();
    if (!message) throw new BadRequestError(JOB_MESSAGES.applicationNeedsMessage, 'message_required');
    if (message.length > APPLICATION_MAX_LENGTH) throw new BadRequestError(APPLICATION_MESSAGES.messageTooLong, 'message_too_long');
    if (link && !/^https?:\/\/\S+$/i.test(link)) throw new BadRequestError(APPLICATION_MESSAGES.badLink, 'invalid_link');
    const file = form.files.file;
    if (file) {
      fileKey = `${job.id}/${randomUUID()}`;
      await ctx.userFiles.store(applicantId, [
        { bucket: 'application-files', key: fileKey, size: file.size, body: () => fs.createReadStream(file.path), contentType: 'application/octet-stream' },
      ]);
    }
    const inserted = await ctx.database.db
      .insert(jobApplications)
      .values({ jobId: job.id, applicantId, message, link: link || null, fileKey, fileName: file ? safeFileName(file.filename) : null })
      .onConflictDoNothing()
      .returning({ id: jobApplications.id });
    if (inserted.length === 0) throw new ConflictError(JOB_MESSAGES.alreadyApplied, 'already_applied');
    await emitWebhookEvent(ctx.database.db, job.companyId, 'job.application_received', {
      id: inserted[0]!.id,
      jobId: job.id,
      jobTitle: job.title,
      message,
      link: link || null,
      hasFile: Boolean(file),
    });
    await notify(ctx, ctx.database.db, job.companyId, 'application', { actorName: applicant.name, title: job.title, link: `/dashboard/zerrijobs/jobs/${job.id}#applications` });
    await announceNotifications(ctx, job.companyId);
    return { id: inserted[0]!.id, message: JOB_MESSAGES.applied };
  } catch (error) {
    if (fileKey) await ctx.storage.delete('application-files', fileKey).catch(() => {});
    throw error;
  } finally {
    await form.cleanup();
  }
}

export async function getApplication(ctx: AppContext, jobId: string, applicationId: number) {
  const [application] = await ctx.database.db
    .select()
    .from(jobApplications)
    .where(and(eq(jobApplications.id, applicationId), eq(jobApplications.jobId, jobId)));
  return application;
}

/**
 * The company opened its job's applications: those it had not seen yet are marked viewed, and each
 * applicant is told once (issue #22).
 */
export async function markApplicationsViewed(ctx: AppContext, job: Job): Promise<void> {
  const applicants = await ctx.database.db.transaction(async (tx) => {
    const viewed = await tx
      .update(jobApplications)
      .set({ viewedAt: new Date() })
      .where(and(eq(jobApplications.jobId, job.id), isNull(jobApplications.viewedAt)))
      .returning({ id: jobApplications.id, applicantId: jobApplications.applicantId });
    for (const application of viewed) {
      await notify(ctx, tx, application.applicantId, 'application_viewed', { title: job.title, link: `/dashboard/zerrijobs/jobs/${job.id}` }, { once: `application_viewed:${application.id}` });
    }
    return viewed.map((application) => application.applicantId);
  });
  await Promise.all(applicants.map((applicantId) => announceNotifications(ctx, applicantId)));
}
