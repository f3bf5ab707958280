import { attributionCookie } from '../links/attribution.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIENCE_MESSAGES } from '#shared/audience.ts';
import { creatorPageFormSchema } from '#shared/creator-page.ts';
import { creatorPagePreviewSchema, creatorPageSchema, creatorPageStatsSchema } from '#shared/creator-page-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { mailLanguage, pageLanguage } from '../../platform/mail-language.ts';
import { mailSender } from '../../platform/mail-throttle.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { subscribe } from '../audience/service.ts';
import { AudienceTokens } from '../audience/tokens.ts';
import { classifyVisitor } from '../links/visitor.ts';
import { sendHtml } from '../../platform/html.ts';
import { creatorPageStats, followableCreator, followCreatorPageBlock, getCreatorPage, previewCreatorPage, publicCreatorPage, updateCreatorPage } from './service.ts';

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

/** The page is written in the visitor's language (pageLanguage): a cache keeps one copy per language. */
const PAGE_VARY = 'Accept-Language, Cookie';
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
    return updateCreatorPage(ctx, user.id, request.body);
  });

  typed.post('/api/creator-page/preview', { schema: { body: creatorPageFormSchema, response: { 200: creatorPagePreviewSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return { html: await previewCreatorPage(ctx, user.id, request.body, pageLanguage(request.headers)) };
  });

  typed.get('/api/creator-page/stats', { schema: { response: { 200: creatorPageStatsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return creatorPageStats(ctx, user.id);
  });

  typed.get('/@:slug', { schema: { params: slugParams }, onSend: pageHeaders }, async (request, reply) => {
    const html = await publicCreatorPage(ctx, request.params.slug, pageLanguage(request.headers), counted(request));
    return sendHtml(request, reply.header('Cache-Control', 'no-cache').header('Vary', PAGE_VARY), html);
  });

  // The follow box: a plain form (the page has no script), answered with the page and what happened.
  const tokens = new AudienceTokens(ctx.auth.options.secret);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
  typed.post(
    '/@:slug/follow',
    {
      schema: { params: slugParams },
      onSend: pageHeaders,
      config: { rateLimit: requestLimit({ max: ctx.config.NEWSLETTER_RATE_LIMIT_MAX, message: AUDIENCE_MESSAGES.tooManySignUps }) },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const creatorId = await followableCreator(ctx, slug);
      const email = (new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('email') ?? '').trim().toLowerCase();
      const answer = (status: number, follow: { ok: boolean; code: 'followSent' | 'followInvalid'; email?: string }) =>
        publicCreatorPage(ctx, slug, pageLanguage(request.headers), false, follow).then((html) =>
          reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').header('Vary', PAGE_VARY).send(html),
        );
      if (!z.email().max(254).safeParse(email).success) return answer(400, { ok: false, code: 'followInvalid', email: email.slice(0, 254) });
      const user = await getSessionUser(ctx.auth, request);
      await ctx.mailThrottle.take(email, mailSender(request, user));
      await subscribe(ctx, tokens, creatorId, email, await mailLanguage(ctx.database.db, request, user));
      return answer(200, { ok: true, code: 'followSent' });
    },
  );

  typed.get(
    '/@:slug/go/:blockId',
    { schema: { params: slugParams.extend({ blockId: z.string().max(64) }), querystring: z.object({ i: z.coerce.number().int().min(0).max(100).default(0) }) } },
    async (request, reply) => {
      const { target, attribution } = await followCreatorPageBlock(ctx, request.params.slug, request.params.blockId, request.query.i, counted(request));
      if (target === null) return reply.callNotFound();
      if (attribution) reply.header('Set-Cookie', attributionCookie(attribution, request.protocol === 'https'));
      return reply.header('Cache-Control', 'private, no-store').redirect(target, 302);
    },
  );
}
