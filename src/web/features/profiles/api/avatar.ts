import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '#shared/profiles.ts';
import type { ResponseOf } from '#web/lib/api-routes.ts';
import { call } from '#web/lib/api.ts';
import { currentUserQueryKey } from '#web/lib/auth.ts';
import { uploadForm } from '#web/lib/upload.ts';
import { PROFILE_QUERY_KEY } from '#web/lib/profile.ts';
import { storageUsageQueryOptions } from './get-storage-usage.ts';

/** POST /api/profile/avatar (multipart `avatar`): 413 past 5 MB, 415 for anything but a picture. */
export async function uploadAvatar(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  const { profile } = await uploadForm<ResponseOf<'POST /api/profile/avatar'>>('/api/profile/avatar', form);
  return profile;
}

/** DELETE /api/profile/avatar: back to the generated picture. */
export async function removeAvatar(): Promise<Profile> {
  const { profile } = await call('DELETE /api/profile/avatar');
  return profile;
}

function useAvatarMutation<T>(mutationFn: (input: T) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      void queryClient.invalidateQueries({ queryKey: storageUsageQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

export const useUploadAvatar = () => useAvatarMutation(uploadAvatar);
export const useRemoveAvatar = () => useAvatarMutation(removeAvatar);
