import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInviteSchema, inviteSchema } from '#shared/teams.ts';
import { acceptedInviteSchema, teamActivityListSchema, teamInviteAnswerSchema, teamSchema, teamStoresSchema } from '#shared/teams-api.ts';
import { noContentSchema } from '#shared/api-contract.ts';
import type { AppContext } from '../../platform/context.ts';
import { requestLanguage } from '../../platform/mail-language.ts';
import { requireUser } from '../../platform/session.ts';
import { acceptInvite, getTeam, inviteMember, leaveStore, removeMember, revokeInvite, storesOf, teamActivity } from './service.ts';

const idParams = z.object({ id: z.string().max(100) });

/**
 * Team users (decision 023). The owner's routes (team, invitations, members, activity) are never
 * team routes: sent with X-Zerri-Account they are refused before they run (acting.ts), so only the
 * owner manages their team. The member's: their stores (the switcher), leaving one, accepting.
 */
export async function teamRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/teams', { schema: { response: { 200: teamSchema } } }, async (request) => getTeam(db, await requireUser(ctx.auth, request)));

  typed.post('/api/teams/invites', { schema: { body: inviteSchema, response: { 201: teamInviteAnswerSchema } } }, async (request, reply) => {
    const owner = await requireUser(ctx.auth, request);
    return reply.status(201).send({ invite: await inviteMember(ctx, owner, request.body.email, requestLanguage(request)) });
  });

  typed.delete('/api/teams/invites/:id', { schema: { params: idParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    const owner = await requireUser(ctx.auth, request);
    await revokeInvite(db, owner.id, request.params.id);
    return reply.status(204).send(null);
  });

  typed.delete('/api/teams/members/:id', { schema: { params: idParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    const owner = await requireUser(ctx.auth, request);
    await removeMember(db, owner.id, request.params.id);
    return reply.status(204).send(null);
  });

  typed.get('/api/teams/activity', { schema: { response: { 200: teamActivityListSchema } } }, async (request) => ({
    items: await teamActivity(db, (await requireUser(ctx.auth, request)).id),
  }));

  typed.get('/api/teams/stores', { schema: { response: { 200: teamStoresSchema } } }, async (request) => ({
    items: await storesOf(db, (await requireUser(ctx.auth, request)).id),
  }));

  typed.delete('/api/teams/stores/:id', { schema: { params: idParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    const member = await requireUser(ctx.auth, request);
    await leaveStore(db, member.id, request.params.id);
    return reply.status(204).send(null);
  });

  typed.post('/api/teams/invites/accept', { schema: { body: acceptInviteSchema, response: { 200: acceptedInviteSchema } } }, async (request) => ({
    store: await acceptInvite(db, await requireUser(ctx.auth, request), request.body.token),
  }));
}
