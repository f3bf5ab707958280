import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '#shared/admin.ts';
import { api } from '#web/lib/api.ts';
import { adminListKey } from './admin-lists.ts';

export type UserChange =
  | { id: string; kind: 'role'; role: AdminUser['role'] }
  | { id: string; kind: 'plan'; plan: AdminUser['plan'] }
  | { id: string; kind: 'suspend' }
  | { id: string; kind: 'reinstate' };

/** PUT …/role, PUT …/plan, POST …/suspend or …/reinstate on /api/admin/users/{id}; each is written to the audit log. */
export function updateUser(change: UserChange): Promise<unknown> {
  const path = `/api/admin/users/${encodeURIComponent(change.id)}`;
  switch (change.kind) {
    case 'role':
      return api(`${path}/role`, { method: 'PUT', body: { role: change.role } });
    case 'plan':
      return api(`${path}/plan`, { method: 'PUT', body: { plan: change.plan } });
    default:
      return api(`${path}/${change.kind}`, { method: 'POST', body: {} });
  }
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey('users') });
      void queryClient.invalidateQueries({ queryKey: adminListKey('audit-log') });
    },
  });
}
