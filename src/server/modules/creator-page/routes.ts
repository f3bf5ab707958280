import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { creatorPageFormSchema } from '#shared/creator-page.ts';
import { creatorPagePreviewSchema, creatorPageSchema, creatorPageStatsSchema } from '#shared/creator-page-api.ts';
import { DOMAINS_INTERNAL_CHANNEL } from '#shared/domains.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/session.ts';
import { classifyVisitor } from '../links/visitor.ts';
import { creatorPageStats, followCreatorPageBlock, getCreatorPage, previewCreatorPage, publicCreatorPage, updateCreatorPage } from './service.ts';

/** The page may embed YouTube and Vimeo players; nothing else differs from the app's policy. */
const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const slugParams = z.object({ slug: z.string().max(100) });
const counted = (request: FastifyRequest) => classifyVisitor(request.headers['user-agent'] ?? '').counted;
const pageHeaders = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  reply.header('Content-Security-Policy', PAGE_CSP);
  return payload;
};

/** The creator's page: its editor's API, and the public page at /@slug (server-rendered, no script). */
export async function creatorPageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/creator-page', { schema: { response: { 200: creatorPageSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return getCreatorPage(ctx, user.id);
  });

  typed.put('/api/creator-page', { schema: { body: creatorPageFormSchema, response: { 200: creatorPageSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    const page = await updateCreatorPage(ctx, user.id, request.body);
    // A storefront domain may open this page: every instance reloads its domains.
    await ctx.realtime.publish(DOMAINS_INTERNAL_CHANNEL, 'domains.changed');
    return page;
  });

  typed.post('/api/creator-page/preview', { schema: { body: creatorPageFormSchema, response: { 200: creatorPagePreviewSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return { html: await previewCreatorPage(ctx, user.id, request.body) };
  });

  typed.get('/api/creator-page/stats', { schema: { response: { 200: creatorPageStatsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return creatorPageStats(ctx, user.id);
  });

  typed.get('/@:slug', { schema: { params: slugParams }, onSend: pageHeaders }, async (request, reply) => {
    const html = await publicCreatorPage(ctx, request.params.slug, counted(request));
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });

  typed.get(
    '/@:slug/go/:blockId',
    { schema: { params: slugParams.extend({ blockId: z.string().max(64) }), querystring: z.object({ i: z.coerce.number().int().min(0).max(100).default(0) }) } },
    async (request, reply) => {
      const target = await followCreatorPageBlock(ctx, request.params.slug, request.params.blockId, request.query.i, counted(request));
      return reply.header('Cache-Control', 'private, no-store').redirect(target, 302);
    },
  );
}
