import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { uploadForm } from '#web/lib/upload.ts';
import { insertPost } from '../utils/feed-cache.ts';
import type { Post } from './types.ts';

export interface NewPostInput {
  content: string;
  image: File | null;
  video: File | null;
}

/** POST /api/posts (multipart): text and an image or a video; 400 empty; 415 not an image or video. */
export async function createPost({ content, image, video }: NewPostInput): Promise<Post> {
  const body = new FormData();
  body.set('content', content);
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
