import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPLICATION_FILE_MAX_BYTES, EMPLOYMENT_TYPES, JOB_MESSAGES, parseSkills } from '#shared/jobs.ts';
import { jobApplications, jobs } from '../../db/schema/jobs.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { contentDisposition, safeFileName } from '../../platform/file-names.ts';
import { prefixedId } from '../../platform/ids.ts';
import { receiveMultipart } from '../../platform/multipart.ts';
import { requireUser } from '../../platform/session.ts';
import { getJob, listApplications, listCompanyJobs, searchJobs, type Job } from './queries.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || null);

const jobInput = z.object({
  title: z.string().trim().max(150).default(''),
  companyName: z.string().trim().max(150).default(''),
  location: z.string().trim().max(150).default(''),
  description: z.string().trim().max(10_000).default(''),
  skills: z.union([z.string().max(2000), z.array(z.string().max(60)).max(30)]).default(''),
  employmentType: z.enum(EMPLOYMENT_TYPES, 'Please choose an employment type.').default('Full-time'),
  salaryRange: optionalText(100),
  applyUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'The apply link must start with http:// or https://' })]).optional().transform((value) => value || null),
  applyEmail: z.union([z.literal(''), z.email('Please enter a valid apply e-mail address.')]).optional().transform((value) => value || null),
});
type JobInput = z.infer<typeof jobInput>;

const idParams = z.object({ id: z.string().regex(/^job_[A-Za-z0-9]{20}$/, JOB_MESSAGES.notFound) });

export async function jobRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /** Only companies post jobs; a company changes only its own. */
  const requireCompany = async (request: FastifyRequest) => {
    const user = await requireUser(ctx.auth, request);
    if (user.role !== 'company') throw new ForbiddenError(JOB_MESSAGES.companiesOnly, 'companies_only');
    return user;
  };
  const ownJob = async (request: FastifyRequest, id: string): Promise<Job> => {
    const user = await requireCompany(request);
    const job = await getJob(db, id);
    if (!job) throw new NotFoundError(JOB_MESSAGES.notFound);
    if (job.companyId !== user.id) throw new ForbiddenError('You can only change your own job postings.');
    return job;
  };
  const values = (input: JobInput) => {
    if (!input.title || !input.companyName || !input.location || !input.description) throw new BadRequestError(JOB_MESSAGES.missingFields, 'missing_fields');
    const skills = Array.isArray(input.skills) ? input.skills.map((skill) => skill.trim()).filter(Boolean) : parseSkills(input.skills);
    return { ...input, skills };
  };

  typed.get(
    '/api/jobs',
    {
      schema: {
        querystring: z.object({
          keyword: z.string().max(200).optional(),
          location: z.string().max(200).optional(),
          type: z.enum(['All', ...EMPLOYMENT_TYPES]).optional(),
          page: z.coerce.number().int().min(1).max(1000).default(1),
          pageSize: z.coerce.number().int().min(1).max(50).default(10),
        }),
      },
    },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const { rows, total } = await searchJobs(db, filters, page, pageSize);
      return { items: rows, total, page, pageSize };
    },
  );

  typed.get('/api/jobs/:id', { schema: { params: idParams } }, async (request) => {
    const job = await getJob(db, request.params.id);
    if (!job) throw new NotFoundError(JOB_MESSAGES.notFound);
    return { job };
  });

  typed.post('/api/jobs', { schema: { body: jobInput } }, async (request, reply) => {
    const user = await requireCompany(request);
    const [job] = await db.insert(jobs).values({ ...values(request.body), id: prefixedId('job'), companyId: user.id }).returning();
    return reply.status(201).send({ job });
  });

  typed.put('/api/jobs/:id', { schema: { params: idParams, body: jobInput } }, async (request) => {
    const job = await ownJob(request, request.params.id);
    const [updated] = await db.update(jobs).set({ ...values(request.body), updatedAt: new Date() }).where(eq(jobs.id, job.id)).returning();
    return { job: updated };
  });

  typed.patch('/api/jobs/:id/status', { schema: { params: idParams, body: z.object({ status: z.enum(['open', 'closed']) }) } }, async (request) => {
    const job = await ownJob(request, request.params.id);
    const [updated] = await db.update(jobs).set({ status: request.body.status, updatedAt: new Date() }).where(eq(jobs.id, job.id)).returning();
    return { job: updated };
  });

  typed.get('/api/my/jobs', async (request) => {
    const user = await requireCompany(request);
    const rows = await listCompanyJobs(db, user.id);
    return { items: rows.map((row) => ({ ...row.job, applications: row.applications })) };
  });

  // Applying: a message, and a link or a file (kept private: only the company and the applicant get it).
  typed.post('/api/jobs/:id/applications', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const job = await getJob(db, request.params.id);
    if (!job) throw new NotFoundError(JOB_MESSAGES.notFound);
    if (job.companyId === user.id) throw new BadRequestError(JOB_MESSAGES.ownJob);
    if (job.status !== 'open') throw new BadRequestError(JOB_MESSAGES.closed);
    const form = await receiveMultipart(request, ctx.uploadDir, { file: { maxBytes: APPLICATION_FILE_MAX_BYTES, tooLarge: 'The attached file is larger than 10 MB.' } });
    let fileKey: string | undefined;
    try {
      const message = (form.fields.message ?? '').trim();
      const link = (form.fields.link ?? '').trim();
      if (!message) throw new BadRequestError(JOB_MESSAGES.applicationNeedsMessage, 'message_required');
      if (message.length > 5000) throw new BadRequestError('Your message can be at most 5,000 characters.');
      if (link && !/^https?:\/\/\S+$/i.test(link)) throw new BadRequestError('The link must start with http:// or https://');
      const file = form.files.file;
      if (file) {
        fileKey = `${job.id}/${randomUUID()}`;
        await ctx.userFiles.store(user.id, [
          { bucket: 'application-files', key: fileKey, size: file.size, body: () => fs.createReadStream(file.path), contentType: 'application/octet-stream' },
        ]);
      }
      const inserted = await db
        .insert(jobApplications)
        .values({ jobId: job.id, applicantId: user.id, message, link: link || null, fileKey, fileName: file ? safeFileName(file.filename) : null })
        .onConflictDoNothing()
        .returning({ id: jobApplications.id });
      if (inserted.length === 0) throw new ConflictError(JOB_MESSAGES.alreadyApplied, 'already_applied');
      return reply.status(201).send({ id: inserted[0]!.id, message: JOB_MESSAGES.applied });
    } catch (error) {
      if (fileKey) await ctx.storage.delete('application-files', fileKey).catch(() => {});
      throw error;
    } finally {
      await form.cleanup();
    }
  });

  typed.get('/api/jobs/:id/applications', { schema: { params: idParams } }, async (request) => {
    const job = await ownJob(request, request.params.id);
    return { items: await listApplications(db, job.id) };
  });

  typed.get(
    '/api/jobs/:id/applications/:applicationId/file',
    { schema: { params: idParams.extend({ applicationId: z.coerce.number().int() }) } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const job = await getJob(db, request.params.id);
      const [application] = await db
        .select()
        .from(jobApplications)
        .where(and(eq(jobApplications.id, request.params.applicationId), eq(jobApplications.jobId, request.params.id)));
      const allowed = job && application && (job.companyId === user.id || application.applicantId === user.id);
      if (!allowed || !application.fileKey) throw new NotFoundError('File not found.');
      const object = await ctx.storage.get('application-files', application.fileKey);
      if (!object) throw new NotFoundError('File not found.');
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', contentDisposition(application.fileName ?? 'attachment'))
        .header('Cache-Control', 'private, no-store')
        .send(object.body);
    },
  );
}
