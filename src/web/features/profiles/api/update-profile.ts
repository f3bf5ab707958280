import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '#shared/profiles-update.ts';
import type { Profile } from '#shared/profiles.ts';
import { call } from '#web/lib/api.ts';
import { currentUserQueryKey } from '#web/lib/auth.ts';
import { PROFILE_QUERY_KEY } from '#web/lib/profile.ts';

/** PATCH /api/profile: any of the editable fields; 409 when the storefront address is taken or the store currency is locked. */
export async function updateProfile(update: ProfileUpdate): Promise<Profile> {
  const { profile } = await call('PATCH /api/profile', { body: update });
  return profile;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile, update) => {
      // A new store currency changes the money of every product, discount and figure loaded so far.
      if (update.currency) void queryClient.invalidateQueries();
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      // The header's avatar menu shows the name and picture.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
