import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudienceFilterInput, PostInput, WorkflowInput } from '#shared/audience-api.ts';
import { call } from '#web/lib/api.ts';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { uploadForm } from '#web/lib/upload.ts';

/** GET /api/audience: the audience's counts and this month's sending. */
export const audienceQueryOptions = () => queryOptions({ queryKey: ['audience'], queryFn: () => call('GET /api/audience') });
/** GET /api/audience/posts: my posts, newest first, with their stats. */
export const postsQueryOptions = () => queryOptions({ queryKey: ['audience', 'posts'], queryFn: () => call('GET /api/audience/posts') });

export const useAudience = () => useQuery(audienceQueryOptions());
export const usePosts = () => useQuery(postsQueryOptions());

/** GET /api/my/products: the products a post may go to the buyers of. */
export const useMyProducts = () => useQuery({ queryKey: ['audience', 'my-products'], queryFn: () => call('GET /api/my/products') });

/** POST /api/audience/count: how many the filter reaches now (unsubscribed left out). */
export function useRecipientCount(filter: AudienceFilterInput | undefined) {
  return useQuery({
    queryKey: ['audience', 'count', filter],
    queryFn: () => call('POST /api/audience/count', { body: filter! }),
    enabled: Boolean(filter),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/audience/preview: the body as sanitised HTML, as the mail and the library show it. */
export const previewPost = (body: string) => call('POST /api/audience/preview', { body: { body } });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['audience'] });
}

export function useCreatePost() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: PostInput) => call('POST /api/audience/posts', { body: input }), onSuccess: invalidate });
}

export function useSendPost() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, scheduledAt }: { id: string; scheduledAt: string | null }) => call('POST /api/audience/posts/:id/send', { params: { id }, body: { scheduledAt } }),
    onSuccess: invalidate,
  });
}

export function useTestPost() {
  return useMutation({ mutationFn: (id: string) => call('POST /api/audience/posts/:id/test', { params: { id } }) });
}

export function useDeletePost() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => call('DELETE /api/audience/posts/:id', { params: { id } }), onSuccess: invalidate });
}

/** POST /api/audience/subscribe: a visitor's "Get updates" (a confirmation link is mailed). */
export const subscribe = (creatorId: string, email: string) => call('POST /api/audience/subscribe', { body: { creatorId, email } });

/** GET /api/audience/updates: the posts sent to me, for the library. */
export const useUpdates = (enabled: boolean) => useQuery({ queryKey: ['audience', 'updates'], queryFn: () => call('GET /api/audience/updates'), enabled });

/** POST /api/audience/posts/{id}/files (multipart `file`): a file for the buyers of the post's update product. */
export function useAttachPostFile() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const body = new FormData();
      body.set('file', file, file.name);
      return uploadForm<ResponseOf<'POST /api/audience/posts/:id/files'>>(`/api/audience/posts/${encodeURIComponent(id)}/files`, body);
    },
    onSuccess: invalidate,
  });
}

export function useRemovePostFile() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, fileId }: { id: string; fileId: string }) => call('DELETE /api/audience/posts/:id/files/:fileId', { params: { id, fileId } }),
    onSuccess: invalidate,
  });
}

/** GET /api/audience/workflows: my workflows with how many are enrolled and sent. */
export const useWorkflows = () => useQuery({ queryKey: ['audience', 'workflows'], queryFn: () => call('GET /api/audience/workflows') });

export function useSaveWorkflow() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: WorkflowInput }) =>
      id ? call('PUT /api/audience/workflows/:id', { params: { id }, body: input }) : call('POST /api/audience/workflows', { body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteWorkflow() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => call('DELETE /api/audience/workflows/:id', { params: { id } }), onSuccess: invalidate });
}

/** GET /api/memberships/products: the creator's memberships, for a workflow of a membership's trigger. */
export const useMyMemberships = (enabled = true) => useQuery({ queryKey: ['memberships', 'products'], queryFn: () => call('GET /api/memberships/products'), enabled });
