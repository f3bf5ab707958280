import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/auth.ts';
import { teamInvites, teamMembers } from '../../db/schema/teams.ts';

/** The audit log's target type of what members do on a store; the target id is the owner's id. */
export const TEAM_AUDIT_TARGET = 'team';

/** The owner's row, locked until the transaction ends: seats are counted under this lock. */
export async function lockOwner(tx: Executor, ownerId: string) {
  const [owner] = await tx
    .select({ id: users.id, name: users.name, email: users.email, plan: users.plan })
    .from(users)
    .where(eq(users.id, ownerId))
    .for('update');
  return owner;
}

export async function listMembers(db: Executor, ownerId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, joinedAt: teamMembers.createdAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.memberId))
    .where(eq(teamMembers.ownerId, ownerId))
    .orderBy(asc(teamMembers.createdAt));
}

export async function listPendingInvites(db: Executor, ownerId: string) {
  return db
    .select({ id: teamInvites.id, email: teamInvites.email, createdAt: teamInvites.createdAt, expiresAt: teamInvites.expiresAt })
    .from(teamInvites)
    .where(and(eq(teamInvites.ownerId, ownerId), gt(teamInvites.expiresAt, sql`now()`)))
    .orderBy(asc(teamInvites.createdAt));
}

export async function deleteExpiredInvites(tx: Executor, ownerId: string) {
  await tx.delete(teamInvites).where(and(eq(teamInvites.ownerId, ownerId), lte(teamInvites.expiresAt, sql`now()`)));
}

export async function countMembers(tx: Executor, ownerId: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(teamMembers).where(eq(teamMembers.ownerId, ownerId));
  return row?.n ?? 0;
}

export async function isMemberByEmail(tx: Executor, ownerId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.memberId))
    .where(and(eq(teamMembers.ownerId, ownerId), sql`lower(${users.email}) = ${email}`));
  return Boolean(row);
}

export async function insertInvite(tx: Executor, values: typeof teamInvites.$inferInsert) {
  const [row] = await tx
    .insert(teamInvites)
    .values(values)
    .returning({ id: teamInvites.id, email: teamInvites.email, createdAt: teamInvites.createdAt, expiresAt: teamInvites.expiresAt });
  return row!;
}

export async function deleteInvite(db: Executor, ownerId: string, id: string): Promise<boolean> {
  const gone = await db.delete(teamInvites).where(and(eq(teamInvites.ownerId, ownerId), eq(teamInvites.id, id))).returning({ id: teamInvites.id });
  return gone.length > 0;
}

/** A pending invitation by its token's hash, with its owner's name. */
export async function findInviteByHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ id: teamInvites.id, ownerId: teamInvites.ownerId, email: teamInvites.email, ownerName: users.name })
    .from(teamInvites)
    .innerJoin(users, eq(users.id, teamInvites.ownerId))
    .where(and(eq(teamInvites.tokenHash, tokenHash), gt(teamInvites.expiresAt, sql`now()`)));
  return row;
}

/** Adds the member (already one: nothing changes) and deletes the invitation they accepted. */
export async function addMember(tx: Executor, ownerId: string, memberId: string, inviteId: string) {
  await tx.insert(teamMembers).values({ ownerId, memberId }).onConflictDoNothing();
  await tx.delete(teamInvites).where(eq(teamInvites.id, inviteId));
}

export async function deleteMember(db: Executor, ownerId: string, memberId: string): Promise<boolean> {
  const gone = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.ownerId, ownerId), eq(teamMembers.memberId, memberId)))
    .returning({ id: teamMembers.id });
  return gone.length > 0;
}

/** The stores a person is a member of, with their owners' plans (a plan without seats gives no access). */
export async function listStoresOf(db: Executor, memberId: string) {
  return db
    .select({ id: users.id, name: users.name, plan: users.plan })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.ownerId))
    .where(and(eq(teamMembers.memberId, memberId), isNull(users.suspendedAt)))
    .orderBy(asc(users.name));
}

/**
 * The owner of a store `memberId` may act on, read on every such request (never cached: a removed
 * member is refused on their next request). Undefined when they are not a member or the owner is suspended.
 */
export async function findStoreOwner(db: Executor, ownerId: string, memberId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, emailVerified: users.emailVerified, plan: users.plan })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.ownerId))
    .where(and(eq(teamMembers.ownerId, ownerId), eq(teamMembers.memberId, memberId), isNull(users.suspendedAt)));
  return row;
}

const ACTIVITY_MAX = 100;

/** The latest things members did on the owner's store, newest first. */
export async function listActivity(db: Executor, ownerId: string) {
  return db
    .select({ id: auditLog.id, action: auditLog.action, actorEmail: auditLog.actorEmail, details: auditLog.details, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, TEAM_AUDIT_TARGET), eq(auditLog.targetId, ownerId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(ACTIVITY_MAX);
}

/** The owner's plan, read without a lock (the Team page's figure; changes count seats under lockOwner). */
export async function planOf(db: Executor, ownerId: string) {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, ownerId));
  return row?.plan ?? 'free';
}
