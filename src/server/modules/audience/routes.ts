import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '#shared/api-contract.ts';
import {
  audienceCountSchema,
  audienceFilterSchema,
  audienceOverviewSchema,
  postInputSchema,
  postPreviewInputSchema,
  postPreviewSchema,
  postSchema,
  postSendSchema,
  postsSchema,
  sendingPauseInputSchema,
  sendingPauseSchema,
  subscribeInputSchema,
  subscribeSchema,
  updatesSchema,
  workflowInputSchema,
  workflowSchema,
  workflowsSchema,
} from '#shared/audience-api.ts';
import { AUDIENCE_BUYER_CONFIRM_PATH, AUDIENCE_MESSAGES, AUDIENCE_UNSUBSCRIBE_PATH } from '#shared/audience.ts';
import type { Language } from '#shared/profiles.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { mailLanguage, requestLanguage } from '../../platform/mail-language.ts';
import { mailSender } from '../../platform/mail-throttle.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { getSessionUser, requireRole, requireUser } from '../../platform/session.ts';
import { escapeHtml } from '../../platform/html.ts';
import { sendDownload } from '../../platform/file-names.ts';
import { buyerConfirmation, confirmBuyerByToken } from './buyer-consent.ts';
import { markdownToHtml } from './markdown-html.ts';
import { AUDIENCE_CLICK_PATH, AUDIENCE_OPEN_PATH, defineAudienceSending } from './sending.ts';
import {
  audienceOverview,
  attachPostFile,
  buyerUpdates,
  clickTarget,
  confirm,
  countRecipients,
  createPost,
  deletePost,
  getPost,
  listCreatorPosts,
  openPostFile,
  removePostFile,
  sendPost,
  sendTestPost,
  setCreatorSendingPaused,
  subscribe,
  trackOpen,
  unsubscribeByToken,
} from './service.ts';
import { AudienceTokens } from './tokens.ts';
import { createWorkflow, defineWorkflowSending, deleteWorkflow, enrolEndingTrials, getWorkflow, listWorkflows, TRIAL_ENDING_TASK, updateWorkflow } from './workflows.ts';

const postParams = z.object({ id: z.uuid(AUDIENCE_MESSAGES.postNotFound) });
const fileParams = z.object({ id: z.uuid(AUDIENCE_MESSAGES.postNotFound), fileId: z.uuid(AUDIENCE_MESSAGES.fileNotFound) });
const workflowParams = z.object({ id: z.uuid(AUDIENCE_MESSAGES.workflowNotFound) });
const userParams = z.object({ id: z.string().min(1).max(100) });
/** A 1×1 transparent GIF. */
const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const tokenQuery = z.object({ token: z.string().max(2000).default('') });

/** The small page of a mail's link (unsubscribe, confirm): plain HTML, in the request's language. */
function linkPage(reply: FastifyReply, language: Language, status: number, title: string, body: string, referrerPolicy = 'no-referrer') {
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#111;background:#fff}@media (prefers-color-scheme:dark){body{color:#eee;background:#111}}button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid currentColor;background:none;color:inherit;cursor:pointer}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return reply.status(status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').header('Referrer-Policy', referrerPolicy).send(html);
}

/** A creator's audience and posts, the public sign-up and unsubscribe links, the buyer's Updates and the admin's pause. */
export async function audienceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tokens = new AudienceTokens(ctx.auth.options.secret);
  defineAudienceSending(ctx, tokens);
  defineWorkflowSending(ctx, tokens);
  ctx.tasks.every(TRIAL_ENDING_TASK, 60 * 60_000, () => enrolEndingTrials(ctx));

  // RFC 8058: the mail provider POSTs `List-Unsubscribe=One-Click` as a form, without cookies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));

  typed.get('/api/audience', { schema: { response: { 200: audienceOverviewSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return audienceOverview(ctx, user.id);
  });

  typed.post('/api/audience/count', { schema: { body: audienceFilterSchema, response: { 200: audienceCountSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return { count: await countRecipients(ctx, user.id, request.body) };
  });

  typed.post('/api/audience/preview', { schema: { body: postPreviewInputSchema, response: { 200: postPreviewSchema } } }, async (request) => {
    await requireUser(ctx.auth, request);
    return { html: markdownToHtml(request.body.body) };
  });

  typed.get('/api/audience/posts', { schema: { response: { 200: postsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return listCreatorPosts(ctx, user.id);
  });

  typed.post('/api/audience/posts', { schema: { body: postInputSchema, response: { 201: postSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    return reply.status(201).send(await createPost(ctx, user.id, request.body));
  });

  typed.get('/api/audience/posts/:id', { schema: { params: postParams, response: { 200: postSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return getPost(ctx, user.id, request.params.id);
  });

  typed.delete('/api/audience/posts/:id', { schema: { params: postParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await deletePost(ctx, user.id, request.params.id);
    return reply.status(204).send(null);
  });

  typed.post('/api/audience/posts/:id/test', { schema: { params: postParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await ctx.mailThrottle.take(user.email, mailSender(request, user));
    await sendTestPost(ctx, tokens, user, request.params.id, await mailLanguage(ctx.database.db, request, user));
    return reply.status(204).send(null);
  });

  typed.post('/api/audience/posts/:id/send', { schema: { params: postParams, body: postSendSchema, response: { 200: postSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return sendPost(ctx, user.id, request.params.id, request.body.scheduledAt);
  });

  typed.get('/api/audience/workflows', { schema: { response: { 200: workflowsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return listWorkflows(ctx, user.id);
  });

  typed.post('/api/audience/workflows', { schema: { body: workflowInputSchema, response: { 201: workflowSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    return reply.status(201).send(await createWorkflow(ctx, user.id, request.body));
  });

  typed.get('/api/audience/workflows/:id', { schema: { params: workflowParams, response: { 200: workflowSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return getWorkflow(ctx, user.id, request.params.id);
  });

  typed.put('/api/audience/workflows/:id', { schema: { params: workflowParams, body: workflowInputSchema, response: { 200: workflowSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return updateWorkflow(ctx, user.id, request.params.id, request.body);
  });

  typed.delete('/api/audience/workflows/:id', { schema: { params: workflowParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await deleteWorkflow(ctx, user.id, request.params.id);
    return reply.status(204).send(null);
  });

  typed.post('/api/audience/posts/:id/files', { schema: { params: postParams, response: { 200: postSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return attachPostFile(ctx, request, user.id, request.params.id);
  });

  typed.delete('/api/audience/posts/:id/files/:fileId', { schema: { params: fileParams, response: { 200: postSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return removePostFile(ctx, user.id, request.params.id, request.params.fileId);
  });

  typed.get('/api/audience/files/:id', { schema: { params: z.object({ id: z.uuid(AUDIENCE_MESSAGES.fileNotFound) }) } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const file = await openPostFile(ctx, user, request.params.id);
    return sendDownload(reply, file);
  });

  typed.post(
    '/api/audience/subscribe',
    {
      schema: { body: subscribeInputSchema, response: { 202: subscribeSchema } },
      config: { rateLimit: requestLimit({ max: ctx.config.NEWSLETTER_RATE_LIMIT_MAX, message: AUDIENCE_MESSAGES.tooManySignUps }) },
    },
    async (request, reply) => {
      const user = await getSessionUser(ctx.auth, request);
      const email = request.body.email.trim().toLowerCase();
      await ctx.mailThrottle.take(email, mailSender(request, user));
      await subscribe(ctx, tokens, request.body.creatorId, email, await mailLanguage(ctx.database.db, request, user));
      return reply.status(202).send({ message: AUDIENCE_MESSAGES.signUpSent });
    },
  );

  typed.get('/api/audience/confirm', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const language = requestLanguage(request);
    const { page } = mailTexts(language).audience;
    const confirmed = await confirm(ctx, tokens, request.query.token);
    return linkPage(reply, language, confirmed ? 200 : 404, page.title, `<p>${escapeHtml(confirmed ? page.confirmed : page.invalid)}</p>`);
  });

  const unsubscribeLimit = { rateLimit: requestLimit({ max: 60, message: AUDIENCE_MESSAGES.tooManySignUps }) };

  // The link's page: asks before it unsubscribes (a link scanner's GET must not unsubscribe).
  typed.get(AUDIENCE_UNSUBSCRIBE_PATH, { schema: { querystring: tokenQuery }, config: unsubscribeLimit }, async (request, reply) => {
    const language = requestLanguage(request);
    const { page } = mailTexts(language).audience;
    const value = tokens.verify('unsubscribe', request.query.token);
    if (!value) return linkPage(reply, language, 404, page.title, `<p>${escapeHtml(page.invalid)}</p>`);
    const action = `${AUDIENCE_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`;
    return linkPage(
      reply,
      language,
      200,
      page.title,
      `<p>${escapeHtml(page.question({ email: value.email }))}</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(page.button)}</button></form>`,
    );
  });

  // The one click (RFC 8058): a bare POST, no cookie, no origin; the signed token is the permission.
  typed.post(AUDIENCE_UNSUBSCRIBE_PATH, { schema: { querystring: tokenQuery }, config: unsubscribeLimit }, async (request, reply) => {
    const language = requestLanguage(request);
    const { page } = mailTexts(language).audience;
    const email = await unsubscribeByToken(ctx, tokens, request.query.token);
    return linkPage(reply, language, email ? 200 : 404, page.title, `<p>${escapeHtml(email ? page.done : page.invalid)}</p>`);
  });

  // A free purchase's receipt link: the GET asks (a link scanner's visit says yes to nothing), the
  // page's button POSTs the yes. The token, signed for this purpose only, is the permission.
  typed.get(AUDIENCE_BUYER_CONFIRM_PATH, { schema: { querystring: tokenQuery }, config: unsubscribeLimit }, async (request, reply) => {
    const language = requestLanguage(request);
    const { page, buyerPage } = mailTexts(language).audience;
    const asked = await buyerConfirmation(ctx, tokens, request.query.token);
    if (!asked) return linkPage(reply, language, 404, buyerPage.title, `<p>${escapeHtml(page.invalid)}</p>`);
    const action = `${AUDIENCE_BUYER_CONFIRM_PATH}?token=${encodeURIComponent(request.query.token)}`;
    return linkPage(
      reply,
      language,
      200,
      buyerPage.title,
      `<p>${escapeHtml(buyerPage.question(asked))}</p><form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(buyerPage.button)}</button></form>`,
      // The button's POST carries this site as its Origin (with no-referrer it would be "null", refused to a signed-in buyer).
      'same-origin',
    );
  });

  typed.post(AUDIENCE_BUYER_CONFIRM_PATH, { schema: { querystring: tokenQuery }, config: unsubscribeLimit }, async (request, reply) => {
    const language = requestLanguage(request);
    const { page, buyerPage } = mailTexts(language).audience;
    const confirmed = await confirmBuyerByToken(ctx, tokens, request.query.token);
    return linkPage(reply, language, confirmed ? 200 : 404, buyerPage.title, `<p>${escapeHtml(confirmed ? page.confirmed : page.invalid)}</p>`);
  });

  const trackLimit = { rateLimit: requestLimit({ max: 120, message: AUDIENCE_MESSAGES.tooManySignUps }) };

  // The open pixel (posts with trackOpens): always the same transparent GIF, whatever the token.
  typed.get(`${AUDIENCE_OPEN_PATH}/:file`, { schema: { params: z.object({ file: z.string().max(200) }) }, config: trackLimit }, async (request, reply) => {
    await trackOpen(ctx, tokens, request.params.file.replace(/\.gif$/, ''));
    return reply.header('Content-Type', 'image/gif').header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').send(PIXEL_GIF);
  });

  // A post's link, counted: only to the link of the post the token names (no URL is read from the request).
  typed.get(`${AUDIENCE_CLICK_PATH}/:token`, { schema: { params: z.object({ token: z.string().max(200) }) }, config: trackLimit }, async (request, reply) => {
    const target = await clickTarget(ctx, tokens, request.params.token);
    if (target) return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(target, 302);
    const language = requestLanguage(request);
    const { page } = mailTexts(language).audience;
    return linkPage(reply, language, 404, page.title, `<p>${escapeHtml(page.invalid)}</p>`);
  });

  typed.get('/api/audience/updates', { schema: { response: { 200: updatesSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return buyerUpdates(ctx, user);
  });

  typed.put('/api/admin/users/:id/audience-sending', { schema: { params: userParams, body: sendingPauseInputSchema, response: { 200: sendingPauseSchema } } }, async (request) => {
    const admin = await requireRole(ctx.auth, request, 'admin');
    return setCreatorSendingPaused(ctx, admin, request.params.id, request.body.paused);
  });
}
