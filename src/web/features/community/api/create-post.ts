import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { uploadForm } from '#web/lib/upload.ts';
import { insertPost } from '../utils/feed-cache.ts';
import type { Post } from './types.ts';

export interface NewPostInput {
  content: string;
  image: File | null;
  video: File | null;
  /** Members-only: for the members of this membership product of the author (the memberships feature's). */
  membersProductId?: string | null;
}

/** POST /api/posts (multipart): text and an image or a video; 400 empty; 415 not an image or video. */
export async function createPost({ content, image, video, membersProductId }: NewPostInput): Promise<Post> {
  const body = new FormData();
  body.set('content', content);
  if (membersProductId) body.set('membersProductId', membersProductId);
  if (image) body.set('image', image, image.name);
  else if (video) body.set('video', video, video.name);
  return (await uploadForm<ResponseOf<'POST /api/posts'>>('/api/posts', body)).post;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => insertPost(queryClient, post),
  });
}

/** GET /api/memberships/products: the author's membership products, for a members-only post (creators only). */
export function useMembershipProducts(enabled: boolean) {
  return useQuery({ queryKey: ['memberships', 'products'], queryFn: () => call('GET /api/memberships/products'), enabled });
}
