import { ImageUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES } from '#shared/profiles.ts';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { i18n } from '#web/lib/i18n.ts';

export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** The problem with a chosen picture, checked before it is sent (the server checks again, by content). */
export function avatarFileProblem(file: File): string | undefined {
  if (file.size > AVATAR_MAX_BYTES) return i18n.t('errors.avatarTooLarge', { ns: 'profiles' });
  if (!file.type.startsWith('image/')) return i18n.t('errors.avatarNotImage', { ns: 'profiles' });
  return undefined;
}

/**
 * The profile picture: the current one, or a preview of the chosen file until it is saved.
 * Clearing `file` (Cancel) brings the current picture back; `resetKey` empties the file input.
 */
export function AvatarPicker({
  id,
  current,
  file,
  onFileChange,
  error,
  disabled,
  resetKey = 0,
}: {
  id: string;
  current: { name: string; email: string; avatarUrl: string };
  file: File | null;
  onFileChange: (file: File | null, problem: string | undefined) => void;
  error?: string;
  disabled?: boolean;
  resetKey?: number;
}) {
  const { t } = useTranslation('profiles');
  // The chosen file's preview; shown only while the parent still holds that file (Cancel clears it).
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const urlRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );
  const choose = (chosen: File | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = chosen ? URL.createObjectURL(chosen) : null;
    setPreview(chosen && urlRef.current ? { file: chosen, url: urlRef.current } : null);
    onFileChange(chosen, chosen ? avatarFileProblem(chosen) : undefined);
  };
  const previewUrl = preview && preview.file === file ? preview.url : null;
  const hintId = `${id}-hint`;

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <UserAvatar user={{ ...current, avatarUrl: previewUrl ?? current.avatarUrl }} className="size-20 text-2xl" />
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={id} className="flex items-center gap-2">
          <ImageUp aria-hidden="true" className="size-4 text-brand-soft" /> {t('avatar.label')}
        </Label>
        <input
          key={resetKey}
          id={id}
          type="file"
          accept={AVATAR_ACCEPT}
          disabled={disabled}
          aria-describedby={error ? fieldErrorId(id) : hintId}
          {...(error ? { 'aria-invalid': true } : {})}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className="block w-full max-w-sm cursor-pointer text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-accent disabled:cursor-not-allowed disabled:opacity-60"
        />
        {error ? (
          <p id={fieldErrorId(id)} className="text-sm text-red-400">
            {error}
          </p>
        ) : (
          <p id={hintId} className="text-xs text-muted-foreground">
            {t('avatar.hint')}
          </p>
        )}
      </div>
    </div>
  );
}
