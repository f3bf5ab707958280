import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '#shared/api-contract.ts';
import { healthSchema, siteInfoSchema, siteStatsSchema } from '#shared/site-api.ts';
import { users } from '../../db/schema/auth.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import type { AppContext } from '../../platform/context.ts';
import { localOrAdminOnly } from '../../platform/session.ts';
import { avatarSvg } from './avatar.ts';
import { homePageResolver } from './server-page-home.ts';
import { publicUserCount } from './queries.ts';
import { etagOf, getSiteInfo } from './service.ts';
import { listMailbox, renderMailbox } from './mailbox.ts';
import { MAIL_TASK } from '../../platform/mail.ts';

export async function siteRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { config, database } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => {
    await database.pool.query('SELECT 1');
    return { status: 'ok' as const };
  });

  // Read on every page load: answered 304 to a browser that has this very answer (ETag).
  typed.get('/api/site', { schema: { response: { 200: siteInfoSchema, 304: noContentSchema } } }, async (request, reply) => {
    const site = await getSiteInfo(ctx);
    const etag = etagOf(site);
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
    return site;
  });

  // The home page: written on the server for a guest or a bot (server-page-home.ts, decision 037).
  ctx.pageMeta.push(homePageResolver(ctx));

  typed.get('/api/site/stats', { schema: { response: { 200: siteStatsSchema } } }, async () => ({ registeredUsers: await publicUserCount(database.db) }));

  typed.get(
    '/api/avatars/:file',
    { schema: { params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.svg$/, 'Unknown avatar.') }) } },
    async (request, reply) => {
      const id = request.params.file.slice(0, -'.svg'.length);
      const [row] = await database.db
        .select({ name: userProfiles.name, email: users.email })
        .from(users)
        .innerJoin(userProfiles, eq(userProfiles.id, users.id))
        .where(eq(users.id, id));
      reply.header('Cache-Control', 'public, max-age=3600');
      return reply.type('image/svg+xml').send(avatarSvg(id, row?.name, row?.email ?? '?'));
    },
  );

  if (!config.isProduction && ctx.mailer.usesOutbox) {
    // Every confirmation and password-reset link is here: only for this machine or a signed-in admin.
    app.get('/dev/mailbox', { preHandler: localOrAdminOnly(ctx.auth, config.TRUST_PROXY) }, async (_request, reply) => {
      // Mail is sent by a background task: show what is still in the queue too, once sent.
      await ctx.tasks.drain({ names: [MAIL_TASK], timeoutMs: 5_000 }).catch(() => {});
      const mails = await listMailbox(database.db);
      return reply.type('text/html; charset=utf-8').send(renderMailbox(mails, config.BRAND_NAME));
    });
  }
}
