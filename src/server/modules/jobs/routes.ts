import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canManageJob, canReadApplicationFile, EMPLOYMENT_TYPES, JOB_MESSAGES, JOB_STATUSES } from '#shared/jobs.ts';
import { applicationSentSchema, jobAnswerSchema, jobApplicationsSchema, jobsPageSchema, myJobsSchema } from '#shared/jobs-api.ts';
import { appBlocklist } from '../../platform/blocklist.ts';
import type { AppContext } from '../../platform/context.ts';
import { ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { sendDownload } from '../../platform/file-names.ts';
import { requireUser } from '../../platform/session.ts';
import { getJob, listApplications, listCompanyJobs, searchJobs, type Job } from './queries.ts';
import { applyToJob, createJob, getApplication, jobView, markApplicationsViewed, setJobStatus, updateJob } from './service.ts';

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
    const job = await existingJob(id);
    if (!canManageJob(user, job)) throw new ForbiddenError(JOB_MESSAGES.notOwner, 'not_job_owner');
    return job;
  };
  const existingJob = async (id: string): Promise<Job> => {
    const job = await getJob(db, id);
    if (!job) throw new NotFoundError(JOB_MESSAGES.notFound, 'job_not_found');
    return job;
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
        response: { 200: jobsPageSchema },
      },
    },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const [{ rows, total }, blocklist] = await Promise.all([searchJobs(db, filters, page, pageSize), appBlocklist(ctx)]);
      return { items: rows.map((job) => jobView(job, blocklist)), total, page, pageSize };
    },
  );

  typed.get('/api/jobs/:id', { schema: { params: idParams, response: { 200: jobAnswerSchema } } }, async (request) => {
    return { job: jobView(await existingJob(request.params.id), await appBlocklist(ctx)) };
  });

  typed.post('/api/jobs', { schema: { body: jobInput, response: { 201: jobAnswerSchema } } }, async (request, reply) => {
    const user = await requireCompany(request);
    return reply.status(201).send({ job: await createJob(ctx, user.id, request.body) });
  });

  typed.put('/api/jobs/:id', { schema: { params: idParams, body: jobInput, response: { 200: jobAnswerSchema } } }, async (request) => {
    const job = await ownJob(request, request.params.id);
    return { job: await updateJob(ctx, job.id, request.body) };
  });

  typed.patch(
    '/api/jobs/:id/status',
    { schema: { params: idParams, body: z.object({ status: z.enum(JOB_STATUSES) }), response: { 200: jobAnswerSchema } } },
    async (request) => {
      const job = await ownJob(request, request.params.id);
      return { job: await setJobStatus(ctx, job.id, request.body.status) };
    },
  );

  typed.get('/api/my/jobs', { schema: { response: { 200: myJobsSchema } } }, async (request) => {
    const user = await requireCompany(request);
    const [rows, blocklist] = await Promise.all([listCompanyJobs(db, user.id), appBlocklist(ctx)]);
    return { items: rows.map((row) => ({ ...jobView(row.job, blocklist), applications: row.applications })) };
  });

  // Applying: a message, and a link or a file (kept private: only the company and the applicant get it).
  typed.post('/api/jobs/:id/applications', { schema: { params: idParams, response: { 201: applicationSentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const job = await existingJob(request.params.id);
    return reply.status(201).send(await applyToJob(ctx, request, user, job));
  });

  typed.get('/api/jobs/:id/applications', { schema: { params: idParams, response: { 200: jobApplicationsSchema } } }, async (request) => {
    const job = await ownJob(request, request.params.id);
    const rows = await listApplications(db, job.id);
    await markApplicationsViewed(ctx, job);
    return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
  });

  typed.get(
    '/api/jobs/:id/applications/:applicationId/file',
    { schema: { params: idParams.extend({ applicationId: z.coerce.number().int() }) } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const job = await getJob(db, request.params.id);
      const application = await getApplication(ctx, request.params.id, request.params.applicationId);
      const allowed = job && application && canReadApplicationFile(user, job, application);
      if (!allowed || !application.fileKey) throw new NotFoundError(JOB_MESSAGES.fileNotFound, 'file_not_found');
      const object = await ctx.storage.get('application-files', application.fileKey);
      if (!object) throw new NotFoundError(JOB_MESSAGES.fileNotFound, 'file_not_found');
      return sendDownload(reply, { body: object.body, size: object.size, fileName: application.fileName ?? 'attachment' });
    },
  );
}
