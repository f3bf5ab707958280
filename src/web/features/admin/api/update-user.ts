import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '#shared/admin.ts';
import { call } from '#web/lib/api.ts';
import { adminListKey } from './admin-lists.ts';

export type UserChange =
  | { id: string; kind: 'role'; role: AdminUser['role'] }
  | { id: string; kind: 'plan'; plan: AdminUser['plan'] }
  | { id: string; kind: 'suspend' }
  | { id: string; kind: 'reinstate' }
  | { id: string; kind: 'sending'; paused: boolean };

/** PUT …/role, PUT …/plan, POST …/suspend or …/reinstate, PUT …/audience-sending on /api/admin/users/{id}; each is written to the audit log. */
export async function updateUser(change: UserChange) {
  const params = { id: change.id };
  switch (change.kind) {
    case 'role':
      return call('PUT /api/admin/users/:id/role', { params, body: { role: change.role } });
    case 'plan':
      return call('PUT /api/admin/users/:id/plan', { params, body: { plan: change.plan } });
    case 'suspend':
      return call('POST /api/admin/users/:id/suspend', { params, body: {} });
    case 'reinstate':
      return call('POST /api/admin/users/:id/reinstate', { params, body: {} });
    case 'sending':
      return call('PUT /api/admin/users/:id/audience-sending', { params, body: { paused: change.paused } });
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
