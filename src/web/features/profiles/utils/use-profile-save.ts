import { useState } from 'react';
import type { ProfileUpdate } from '#shared/profiles-update.ts';
import { isApiError } from '#web/lib/api.ts';
import { useUploadAvatar } from '../api/avatar.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/**
 * The profile form's and the settings form's save: the chosen picture first, then the fields. The
 * picture is checked when chosen (not by the schema); a picture the server refuses (too large, not
 * a picture) gets its message beside it.
 */
export function useProfileSave() {
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [avatarResetKey, setAvatarResetKey] = useState(0);
  const [avatarError, setAvatarError] = useState<string>();
  const updateProfile = useUpdateProfile();
  const uploadAvatar = useUploadAvatar();

  /** Forgets the chosen picture; the picker shows the saved one again. */
  const resetAvatar = () => {
    setAvatarFile(null);
    setAvatarResetKey((key) => key + 1);
  };

  const chooseAvatar = (file: File | null, problem: string | undefined) => {
    setAvatarFile(problem ? null : file);
    setAvatarError(problem || undefined);
  };

  /** Saves; rethrows the server's error after putting a refused picture's message (`pictureMessage`) beside it. */
  const save = async (update: ProfileUpdate, pictureMessage: (error: unknown) => string) => {
    try {
      if (avatarFile) {
        await uploadAvatar.mutateAsync(avatarFile);
        resetAvatar();
      }
      return await updateProfile.mutateAsync(update);
    } catch (error) {
      if (isApiError(error) && [413, 415].includes(error.status)) setAvatarError(pictureMessage(error));
      throw error;
    }
  };

  return { avatarFile, avatarResetKey, avatarError, chooseAvatar, resetAvatar, save, saving: updateProfile.isPending || uploadAvatar.isPending };
}
