import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** GET /api/notifications: the newest notifications and the unread count. */
export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: NOTIFICATIONS_QUERY_KEY, queryFn: ({ signal }) => call('GET /api/notifications', { signal }) });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

function useInboxMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }) });
}

export const useMarkRead = () => useInboxMutation((id: string) => call('POST /api/notifications/:id/read', { params: { id } }));

export const useMarkAllRead = () => useInboxMutation(() => call('POST /api/notifications/read-all'));
