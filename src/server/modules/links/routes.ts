import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anonymousLinkLimitMessage, LINK_MESSAGES, LINK_REPORT_STATUSES, linkReportLimitMessage } from '#shared/links.ts';
import {
  blockedDomainAddedSchema,
  blockedDomainsSchema,
  emptyCodeSchema,
  linkCreateSchema,
  linkAddressSchema,
  linkDetailsSchema,
  linkDomainsSchema,
  linkImportReportSchema,
  linkReportedSchema,
  linkReportInputSchema,
  linkReportSchema,
  linkReportsPageSchema,
  linkStatsQuerySchema,
  linkStatsSchema,
  linkTagInputSchema,
  linkTagSchema,
  linkTagsSchema,
  linkTagUpdateSchema,
  linkUnlockedSchema,
  linkUpdateSchema,
  myLinksPageSchema,
  noContentSchema,
  shortLinkSchema,
} from '#shared/links-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { rateLimitError, requestLimit } from '../../platform/rate-limits.ts';
import { getSessionUser, requireRole, requireUser } from '../../platform/session.ts';
import { listBlockedDomains, listTags, userLinksDomains } from './queries.ts';
import { importLinksFromRequest } from './import.ts';
import { linkReports } from './reports.ts';
import { createLink, deleteLink, domainBlocklist, servedDomain, toBlockedDomain, toLinkResponse, updateLink } from './service.ts';
import { changeTag, createTag, listOwnLinks, ownLinkStats, ownLinkStatsCsv, publicLinkDetails, removeTag } from './owner-links.ts';
import { createRedirectEngine } from './redirect-engine.ts';

export async function linkRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const origin = ctx.config.PUBLIC_URL;
  // The redirects: caches, index, clicks, the raw fast path and the notices between instances (redirect-engine.ts).
  const engine = await createRedirectEngine(app, ctx);
  const { cache, blocklist } = engine;
  const domains = domainBlocklist({ db, blocklist, realtime: ctx.realtime });
  const views = { db, origin, pendingClicks: engine.pendingClicks };
  // Signed-out visitors may create only so many links a minute; signed-in users are not limited here.
  const anonymousCreationLimit = requestLimit({
    max: ctx.config.LINK_RATE_LIMIT_MAX,
    message: anonymousLinkLimitMessage,
    allowList: async (request) => !!(await getSessionUser(ctx.auth, request)),
  });
  const ownHosts = (request: FastifyRequest) => [new URL(origin).host, ...(request.headers.host ? [request.headers.host] : [])];
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Codes not in memory, links with a password or an expiry, links domains: the checked route.
  app.get<{ Params: { code: string } }>('/z/:code', { logLevel: 'warn' }, (request, reply) => engine.redirect(request, reply));
  // A links domain's code on the main host (/z/go.example.com/abc): where its password and expiry pages live.
  app.get<{ Params: { host: string; code: string } }>('/z/:host/:code', { logLevel: 'warn' }, (request, reply) => engine.redirectDomainCode(request, reply));

  // The password page's form (and API clients): the right password answers where to go.
  typed.post(
    '/api/links/:code/unlock',
    {
      schema: {
        params: z.object({ code: z.string() }),
        querystring: linkAddressSchema,
        body: z.object({ password: z.string().max(1000).default('') }),
        response: { 200: linkUnlockedSchema },
      },
    },
    (request, reply) => engine.unlock(request, reply, { code: request.params.code, domain: request.query.domain, password: request.body.password }),
  );

  typed.post(
    '/api/links',
    {
      schema: {
        body: linkCreateSchema,
        response: { 201: shortLinkSchema },
      },
      config: { rateLimit: anonymousCreationLimit },
    },
    async (request, reply) => {
      const user = await getSessionUser(ctx.auth, request);
      const link = await createLink({ db, blocklist, origin, joined: engine.joined }, { ...request.body, userId: user?.id ?? null, ownHosts: ownHosts(request) });
      return reply.status(201).send(link);
    },
  );

  // The check form with an empty code: the spec's message rather than the generic 404 of a missing route.
  typed.get('/api/links/', { schema: { response: { 200: emptyCodeSchema } } }, async () => {
    throw new BadRequestError(LINK_MESSAGES.checkRequired, 'code_required');
  });

  typed.get(
    '/api/links',
    {
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
          q: z.string().max(200).optional(),
          sort: z.enum(['date', 'clicks']).default('date'),
          tag: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe('Only links with this tag (its id).'),
        }),
        response: { 200: myLinksPageSchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      return listOwnLinks(views, user.id, request.query);
    },
  );

  // The verified links domains the account's links may go on (the create and edit forms' choice).
  typed.get('/api/link-domains', { schema: { response: { 200: linkDomainsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return { items: await userLinksDomains(db, user.id) };
  });

  typed.get('/api/links/:code', { schema: { params: z.object({ code: z.string() }), querystring: linkAddressSchema, response: { 200: linkDetailsSchema } } }, async (request) => {
    return publicLinkDetails(views, { code: request.params.code, domain: request.query.domain }, async () => (await getSessionUser(ctx.auth, request))?.id);
  });

  const statsParams = { params: z.object({ code: z.string() }), querystring: linkStatsQuerySchema };

  typed.get('/api/links/:code/stats', { schema: { ...statsParams, response: { 200: linkStatsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return ownLinkStats(views, user.id, { code: request.params.code, domain: request.query.domain }, request.query);
  });

  // The same days as a CSV file (not JSON: response-contract.test.ts lists it): one row per day and dimension.
  typed.get('/api/links/:code/stats.csv', { schema: statsParams }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const { fileName, csv } = await ownLinkStatsCsv(db, user.id, { code: request.params.code, domain: request.query.domain }, request.query);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`).header('Cache-Control', 'private, no-store').send(csv);
  });

  // The user's link tags, each with a colour.
  const tagParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
  typed.get('/api/link-tags', { schema: { response: { 200: linkTagsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return { items: await listTags(db, user.id) };
  });

  typed.post('/api/link-tags', { schema: { body: linkTagInputSchema, response: { 201: linkTagSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    return reply.status(201).send(await createTag(db, user.id, request.body));
  });

  typed.patch('/api/link-tags/:id', { schema: { params: tagParams, body: linkTagUpdateSchema, response: { 200: linkTagSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return changeTag(db, user.id, request.params.id, request.body);
  });

  typed.delete('/api/link-tags/:id', { schema: { params: tagParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await removeTag(db, user.id, request.params.id);
    return reply.status(204).send(null);
  });

  typed.patch(
    '/api/links/:code',
    { schema: { params: z.object({ code: z.string() }), querystring: linkAddressSchema, body: linkUpdateSchema, response: { 200: shortLinkSchema } } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { row, tags, domain } = await updateLink(
        { db, cache, realtime: ctx.realtime, blocklist, flushClicks: engine.flushClicks, origin, joined: engine.joined },
        { userId: user.id, address: { code: request.params.code, domain: request.query.domain }, changes: request.body, ownHosts: ownHosts(request) },
      );
      return toLinkResponse(row, origin, engine.pendingClicks(row.id), tags, domain);
    },
  );

  typed.delete('/api/links/:code', { schema: { params: z.object({ code: z.string() }), querystring: linkAddressSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await deleteLink({ db, cache, realtime: ctx.realtime }, user.id, { code: request.params.code, domain: request.query.domain });
    return reply.status(204).send(null);
  });

  // Bulk import: a CSV file (ours or a Bitly export) as the multipart field `file`; a report per row.
  typed.post(
    '/api/links/import',
    {
      schema: {
        summary: 'Import links from a CSV file',
        description:
          'multipart/form-data with one field `file`: a CSV whose header names the columns `url`, `code` (optional) and `tags` ' +
          '(optional, names separated by `;`), or a Bitly export (`long_url`/"Long URL", `link`/"Bitlink" whose path becomes the code, `tags`). ' +
          'At most 5,000 rows and 16 MB. Each row is checked as POST /api/links checks a link and is created whole (the link with its tags) ' +
          'or refused with a code; rows do not depend on each other. A file that is not CSV, has no url column or too many rows is refused as a whole (400).',
        response: { 200: linkImportReportSchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      return importLinksFromRequest({ db, blocklist, origin, uploadDir: ctx.uploadDir, joined: engine.joined }, request, { userId: user.id, ownHosts: ownHosts(request) });
    },
  );

  // Visitors report a link (abuse) from the not-found, preview or password screens; no account needed.
  const reports = linkReports({ db, blocklist, cache, realtime: ctx.realtime, domains });
  typed.post(
    '/api/links/:code/report',
    {
      schema: { params: z.object({ code: z.string().max(200) }), querystring: linkAddressSchema, body: linkReportInputSchema, response: { 201: linkReportedSchema } },
      config: {
        rateLimit: {
          max: ctx.config.LINK_REPORT_RATE_LIMIT_MAX,
          timeWindow: '10 minutes',
          hook: 'preHandler',
          keyGenerator: (request) => `link-report:${request.ip}`,
          errorResponseBuilder: rateLimitError(linkReportLimitMessage, undefined, 'report_too_many'),
        },
      },
    },
    async (request, reply) => {
      const domain = await servedDomain(db, request.query.domain);
      await reports.report(request.params.code, domain === undefined ? undefined : (domain?.id ?? null), request.body);
      return reply.status(201).send({ received: true as const });
    },
  );

  // The admins' queue of reports, beside the blocklist.
  const reportParams = z.object({ reportId: z.coerce.number().int().min(1).max(2_147_483_647) });
  typed.get(
    '/api/admin/link-reports',
    {
      schema: {
        querystring: z.object({
          status: z.enum(LINK_REPORT_STATUSES).optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: linkReportsPageSchema },
      },
    },
    async (request) => {
      await requireRole(ctx.auth, request, 'admin');
      return reports.list(request.query);
    },
  );
  for (const [action, decide] of [
    ['dismiss', reports.dismiss],
    ['disable-link', reports.disableLink],
    ['block-domain', reports.blockDomain],
  ] as const) {
    typed.post(`/api/admin/link-reports/:reportId/${action}`, { schema: { params: reportParams, response: { 200: linkReportSchema } } }, async (request) => {
      const admin = await requireRole(ctx.auth, request, 'admin');
      return decide(admin, request.params.reportId);
    });
  }

  // The admins' domain blocklist: blocked domains are refused for new links and stop redirecting.
  typed.get('/api/admin/blocked-domains', { schema: { response: { 200: blockedDomainsSchema } } }, async (request) => {
    await requireRole(ctx.auth, request, 'admin');
    return { items: (await listBlockedDomains(db)).map(toBlockedDomain) };
  });

  typed.post(
    '/api/admin/blocked-domains',
    { schema: { body: z.object({ domain: z.string().max(300) }), response: { 201: blockedDomainAddedSchema } } },
    async (request, reply) => {
      const admin = await requireRole(ctx.auth, request, 'admin');
      return reply.status(201).send({ domain: await domains.block(admin, request.body.domain) });
    },
  );

  typed.delete(
    '/api/admin/blocked-domains/:domain',
    { schema: { params: z.object({ domain: z.string().max(300) }), response: { 204: noContentSchema } } },
    async (request, reply) => {
      const admin = await requireRole(ctx.auth, request, 'admin');
      await domains.unblock(admin, request.params.domain);
      return reply.status(204).send(null);
    },
  );
}
