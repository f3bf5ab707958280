import { auditLog } from '../db/schema/admin.ts';
import type { Executor } from '../db/client.ts';

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditTarget {
  type: string;
  id: string;
}

/**
 * Writes one admin action to the audit log (who, what, on which target, when).
 * Pass the transaction that makes the change, so the entry exists exactly when the change does.
 */
export async function recordAdminAction(
  executor: Executor,
  actor: AuditActor,
  action: string,
  target: AuditTarget,
  details: Record<string, unknown> = {},
): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id,
    details,
  });
}
