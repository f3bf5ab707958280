import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_HEADER, isTeamRoute, TEAM_ROUTES, type TeamRoute } from '#shared/teams-routes.ts';
import { planById } from '#shared/plans.ts';
import { TEAM_MESSAGES } from '#shared/teams.ts';
import { bearerApiKey } from '../../platform/api-keys.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { actForAccount, requireUser, type SessionUser } from '../../platform/session.ts';
import { findStoreOwner, TEAM_AUDIT_TARGET } from './queries.ts';

interface Acting {
  route: TeamRoute;
  ownerId: string;
  actor: NonNullable<SessionUser['actor']>;
}

const actingRequests = new WeakMap<FastifyRequest, Acting>();

/** The values of a route's path (`:id`, `:code`), which name what a member acted on. */
function targetOf(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, string> | undefined;
  const values = Object.values(params ?? {}).filter((value) => typeof value === 'string');
  return values.length ? values.join('/') : undefined;
}

/**
 * Team users (decision 023): one check before every route. A request that names a store in the
 * `X-Zerri-Account` header is refused unless its route is one of TEAM_ROUTES and the signed-in person
 * is a member of that store today (read from the database on every request: a removed member is
 * refused on their next one); then the request's user is the store's owner (whose data), with the
 * member as its `actor` (who acts), so the routes serve the owner's store unchanged. What a member
 * changes is written to the audit log under the member's name before the answer goes out.
 */
export function registerTeamActing(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  app.addHook('onRequest', async (request) => {
    const header = request.headers[ACCOUNT_HEADER];
    if (header === undefined) return;
    const accountId = String(Array.isArray(header) ? header[0] : header);
    const route = `${request.method} ${request.routeOptions.url}`;
    if (!isTeamRoute(route)) throw new ForbiddenError(TEAM_MESSAGES.routeNotAllowed, 'team_route_not_allowed');
    if (bearerApiKey(request.headers.authorization)) throw new ForbiddenError(TEAM_MESSAGES.apiKeyNotAllowed, 'team_api_key_not_allowed');
    const member = await requireUser(ctx.auth, request);
    if (accountId === member.id) return; // their own store: nothing to switch
    const owner = accountId.length <= 100 ? await findStoreOwner(db, accountId, member.id) : undefined;
    if (!owner || planById(owner.plan).teamUsers === 0) throw new ForbiddenError(TEAM_MESSAGES.notMember, 'team_not_member');
    const actor = { id: member.id, email: member.email, name: member.name };
    actForAccount(request, { id: owner.id, email: owner.email, name: owner.name, role: owner.role, emailVerified: owner.emailVerified, actor });
    actingRequests.set(request, { route, ownerId: owner.id, actor });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const acting = actingRequests.get(request);
    const action = acting && TEAM_ROUTES[acting.route];
    if (!acting || !action || reply.statusCode >= 400) return payload;
    const target = targetOf(request);
    await recordAdminAction(db, acting.actor, `team.${action}`, { type: TEAM_AUDIT_TARGET, id: acting.ownerId }, {
      actorName: acting.actor.name,
      route: acting.route,
      ...(target ? { target } : {}),
    });
    return payload;
  });
}
