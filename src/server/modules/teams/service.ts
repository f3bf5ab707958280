import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Language } from '#shared/profiles.ts';
import { planById } from '#shared/plans.ts';
import { TEAM_INVITE_DAYS, TEAM_MESSAGES } from '#shared/teams.ts';
import type { Team, TeamActivity, TeamStore } from '#shared/teams-api.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import type { Db, Executor } from '../../db/client.ts';
import {
  addMember,
  countMembers,
  deleteExpiredInvites,
  deleteInvite,
  deleteMember,
  findInviteByHash,
  insertInvite,
  isMemberByEmail,
  listActivity,
  listMembers,
  listPendingInvites,
  listStoresOf,
  lockOwner,
  planOf,
} from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const planRequired = () => new ForbiddenError(TEAM_MESSAGES.planRequired, 'team_plan_required');
const seatsFull = (seats: number) => new ConflictError(TEAM_MESSAGES.seatsFull(seats), 'team_seats_full', { params: { seats } });
const inviteNotFound = () => new NotFoundError(TEAM_MESSAGES.inviteNotFound, 'team_invite_not_found');
const isUuid = (id: string) => z.uuid().safeParse(id).success;

const toInvite = (row: { id: string; email: string; createdAt: Date; expiresAt: Date }) => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** The owner's team as the Team page shows it; seats 0 when their plan has none. */
export async function getTeam(db: Executor, owner: { id: string }): Promise<Team> {
  const [plan, members, invites] = await Promise.all([planOf(db, owner.id), listMembers(db, owner.id), listPendingInvites(db, owner.id)]);
  return {
    seats: planById(plan).teamUsers,
    members: members.map((member) => ({ id: member.id, name: member.name, email: member.email, joinedAt: member.joinedAt.toISOString() })),
    invites: invites.map(toInvite),
  };
}

/**
 * Invites `email` to the owner's team and mails them an accept link. Members and pending invitations
 * together take at most the plan's seats, counted under a lock on the owner's row so two invitations
 * at once cannot both take the last seat.
 */
export async function inviteMember(ctx: AppContext, owner: SessionUser, rawEmail: string, language: Language) {
  const email = rawEmail.trim().toLowerCase();
  if (email === owner.email.toLowerCase()) throw new BadRequestError(TEAM_MESSAGES.cannotInviteSelf, 'team_cannot_invite_self');
  const { db } = ctx.database;
  // Refused before the mail counts against the throttle; checked again under the lock below.
  if (planById(await planOf(db, owner.id)).teamUsers === 0) throw planRequired();
  await ctx.mailThrottle.take(email, { userId: owner.id });
  const token = randomBytes(32).toString('base64url');
  const url = `${ctx.config.PUBLIC_URL}/team/accept#${token}`;
  const texts = mailTexts(language).teamInvite;
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockOwner(tx, owner.id);
      const seats = planById(locked?.plan ?? 'free').teamUsers;
      if (seats === 0) throw planRequired();
      await deleteExpiredInvites(tx, owner.id);
      if (await isMemberByEmail(tx, owner.id, email)) throw new ConflictError(TEAM_MESSAGES.alreadyMember, 'team_already_member');
      const taken = (await countMembers(tx, owner.id)) + (await listPendingInvites(tx, owner.id)).length;
      if (taken >= seats) throw seatsFull(seats);
      const invite = await insertInvite(tx, { ownerId: owner.id, email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + TEAM_INVITE_DAYS * DAY_MS) });
      await ctx.mailer.send(
        { to: email, subject: texts.subject(ctx.config.BRAND_NAME), text: texts.text({ owner: locked!.name, brand: ctx.config.BRAND_NAME, url, days: TEAM_INVITE_DAYS }) },
        tx,
      );
      return toInvite(invite);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'team_invites_owner_email_unique')) throw new ConflictError(TEAM_MESSAGES.alreadyInvited, 'team_already_invited');
    throw error;
  }
}

export async function revokeInvite(db: Executor, ownerId: string, id: string) {
  if (!isUuid(id) || !(await deleteInvite(db, ownerId, id))) throw inviteNotFound();
}

/** Removes a member: their next request on the store is refused (membership is read on every request). */
export async function removeMember(db: Executor, ownerId: string, memberId: string) {
  if (!(await deleteMember(db, ownerId, memberId))) throw new NotFoundError(TEAM_MESSAGES.memberNotFound, 'team_member_not_found');
}

/** A member leaves a store's team. */
export async function leaveStore(db: Executor, memberId: string, ownerId: string) {
  if (!(await deleteMember(db, ownerId, memberId))) throw new NotFoundError(TEAM_MESSAGES.notMember, 'team_not_member');
}

/**
 * The signed-in person accepts an invitation sent to their own address; the seat is checked again
 * under the owner's lock (the plan may have changed since).
 */
export async function acceptInvite(db: Db, user: SessionUser, token: string): Promise<TeamStore> {
  const invite = await findInviteByHash(db, hashToken(token));
  if (!invite) throw new NotFoundError(TEAM_MESSAGES.inviteInvalid, 'team_invite_invalid');
  if (invite.email !== user.email.toLowerCase()) {
    throw new ForbiddenError(TEAM_MESSAGES.inviteOtherEmail(invite.email), 'team_invite_other_email', { params: { email: invite.email } });
  }
  if (invite.ownerId === user.id) throw new BadRequestError(TEAM_MESSAGES.cannotInviteSelf, 'team_cannot_invite_self');
  await db.transaction(async (tx) => {
    const owner = await lockOwner(tx, invite.ownerId);
    const seats = planById(owner?.plan ?? 'free').teamUsers;
    if (seats === 0) throw planRequired();
    if ((await countMembers(tx, invite.ownerId)) >= seats) throw seatsFull(seats);
    await addMember(tx, invite.ownerId, user.id, invite.id);
  });
  return { id: invite.ownerId, name: invite.ownerName };
}

/** The stores the person may switch to: owners whose plan still has team seats. */
export async function storesOf(db: Executor, memberId: string): Promise<TeamStore[]> {
  return (await listStoresOf(db, memberId)).filter((store) => planById(store.plan).teamUsers > 0).map(({ id, name }) => ({ id, name }));
}

export async function teamActivity(db: Executor, ownerId: string): Promise<TeamActivity[]> {
  return (await listActivity(db, ownerId)).map((row) => ({
    id: row.id,
    action: row.action.replace(/^team\./, ''),
    actorEmail: row.actorEmail,
    actorName: typeof row.details.actorName === 'string' ? row.details.actorName : row.actorEmail,
    target: typeof row.details.target === 'string' ? row.details.target : null,
    createdAt: row.createdAt.toISOString(),
  }));
}
