/** The teams routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';

export const teamMemberSchema = z.object({
  /** The member's user id. */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

/** The owner's team: seats of their plan (0: the plan has none), members, pending invitations. */
export const teamSchema = z.object({
  seats: z.number().int(),
  members: z.array(teamMemberSchema),
  invites: z.array(teamInviteSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const teamInviteAnswerSchema = z.object({ invite: teamInviteSchema });

/** A store the signed-in person may act on as a team member (the store switcher). */
export const teamStoreSchema = z.object({ id: z.string(), name: z.string() });
export type TeamStore = z.infer<typeof teamStoreSchema>;
export const teamStoresSchema = z.object({ items: z.array(teamStoreSchema) });
export const acceptedInviteSchema = z.object({ store: teamStoreSchema });

/** One thing a member did on the owner's store (the audit log's entry). */
export const teamActivitySchema = z.object({
  id: z.number().int(),
  /** A TEAM_ROUTES action of src/shared/teams.ts, such as `product.created`. */
  action: z.string(),
  actorName: z.string(),
  actorEmail: z.string(),
  /** The route's path values (product id, link code…), to tell entries apart. */
  target: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamActivity = z.infer<typeof teamActivitySchema>;
export const teamActivityListSchema = z.object({ items: z.array(teamActivitySchema) });

export const TEAMS_API = {
  'GET /api/teams': teamSchema,
  'POST /api/teams/invites': teamInviteAnswerSchema,
  'DELETE /api/teams/invites/:id': noContentSchema,
  'DELETE /api/teams/members/:id': noContentSchema,
  'GET /api/teams/activity': teamActivityListSchema,
  'GET /api/teams/stores': teamStoresSchema,
  'DELETE /api/teams/stores/:id': noContentSchema,
  'POST /api/teams/invites/accept': acceptedInviteSchema,
} as const satisfies ApiRoutes;
