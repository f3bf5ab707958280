import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationThread } from '#shared/conversations-api.ts';
import { ApiError, call } from '#web/lib/api.ts';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { uploadForm } from '#web/lib/upload.ts';

/** Every conversations query starts with this key: an event refetches them all. */
export const CONVERSATIONS_KEY = ['conversations'] as const;
const listKey = [...CONVERSATIONS_KEY, 'list'] as const;
const unreadKey = [...CONVERSATIONS_KEY, 'unread'] as const;
export const threadKey = (id: string) => [...CONVERSATIONS_KEY, 'thread', id] as const;
const reportedKey = [...CONVERSATIONS_KEY, 'reported'] as const;
const adminThreadKey = (id: string) => [...CONVERSATIONS_KEY, 'admin', id] as const;

/** GET /api/conversations: the user's conversations, the latest first, and their unread total. */
export const useConversations = () => useQuery(queryOptions({ queryKey: listKey, queryFn: ({ signal }) => call('GET /api/conversations', { signal }) }));

/** GET /api/conversations/unread: the header icon's count. */
export const useUnreadMessages = () =>
  useQuery(queryOptions({ queryKey: unreadKey, queryFn: ({ signal }) => call('GET /api/conversations/unread', { signal }), staleTime: 30_000 }));

/** GET /api/conversations/{id}: one conversation and its newest messages. */
export const useThread = (id: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: threadKey(id ?? ''),
      queryFn: ({ signal }) => call('GET /api/conversations/:id', { params: { id: id! }, signal }),
      enabled: Boolean(id),
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
    }),
  );

function useConversationMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }) });
}

/** POST /api/conversations: the pair's conversation, started if need be (403 without a reason to talk). */
export const useStartConversation = () => useConversationMutation((userId: string) => call('POST /api/conversations', { body: { userId } }));

/**
 * POST /api/conversations/{id}/messages, or with a file POST /api/conversations/{id}/attachments
 * (multipart: text, and image or video); the thread shows the message at once.
 */
export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, file }: { text: string; file?: File | null }) => {
      if (!file) return call('POST /api/conversations/:id/messages', { params: { id }, body: { text } });
      const body = new FormData();
      body.set('text', text);
      body.set(file.type.startsWith('video/') ? 'video' : 'image', file, file.name);
      return uploadForm<ResponseOf<'POST /api/conversations/:id/attachments'>>(`/api/conversations/${encodeURIComponent(id)}/attachments`, body);
    },
    onSuccess: ({ message }) => {
      queryClient.setQueryData<ConversationThread>(threadKey(id), (thread) =>
        thread && !thread.messages.some((known) => known.id === message.id) ? { ...thread, messages: [...thread.messages, message] } : thread,
      );
      return queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}

export const useMarkConversationRead = () => useConversationMutation((id: string) => call('POST /api/conversations/:id/read', { params: { id } }));

export const useSetBlock = () =>
  useConversationMutation(({ id, blocked }: { id: string; blocked: boolean }) =>
    blocked ? call('POST /api/conversations/:id/block', { params: { id } }) : call('DELETE /api/conversations/:id/block', { params: { id } }),
  );

export const useReportConversation = () =>
  useConversationMutation(({ id, reason }: { id: string; reason: string }) => call('POST /api/conversations/:id/report', { params: { id }, body: { reason } }));

/** Admins: the reported conversations, and one of them. */
export const useReportedConversations = () =>
  useQuery(queryOptions({ queryKey: reportedKey, queryFn: ({ signal }) => call('GET /api/admin/conversations', { signal }) }));

export const useAdminConversation = (id: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: adminThreadKey(id ?? ''),
      queryFn: ({ signal }) => call('GET /api/admin/conversations/:id', { params: { id: id! }, signal }),
      enabled: Boolean(id),
    }),
  );
