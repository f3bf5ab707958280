import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskState } from '#shared/admin-api.ts';
import { call } from '#web/lib/api.ts';

export type { AdminTask, TaskState } from '#shared/admin-api.ts';

/** GET /api/admin/tasks: counts per state and the tasks of one state (every unfinished one without). */
export const getTasks = (state?: TaskState) => call('GET /api/admin/tasks', { query: { state } });

export const tasksQueryOptions = (state?: TaskState) =>
  queryOptions({ queryKey: ['admin', 'tasks', state ?? 'all'], queryFn: () => getTasks(state), refetchInterval: 5_000 });

export function useTasks(state?: TaskState) {
  return useQuery(tasksQueryOptions(state));
}

/** POST /api/admin/tasks/{id}/retry: runs a failed or waiting task now. */
export const retryTask = (id: number) => call('POST /api/admin/tasks/:id/retry', { params: { id: String(id) } });

export function useRetryTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'tasks'] }),
  });
}
