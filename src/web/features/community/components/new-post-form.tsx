import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, SendHorizontal, Video, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COMMUNITY_MESSAGE_PARAMS, COMMUNITY_MESSAGES, POST_IMAGE_MAX_BYTES, POST_TEXT_MAX, POST_VIDEO_MAX_BYTES } from '#shared/community.ts';
import type { CurrentUser } from '#shared/auth.ts';
import { postFormSchema, type PostForm } from '#shared/community-forms.ts';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { selectClass } from '#web/components/ui/select.ts';
import { useCreatePost, useMembershipProducts } from '../api/create-post.ts';
import { splitMessage } from '../utils/messages.ts';

type Media = { kind: 'image' | 'video'; file: File } | null;

const pickerClass =
  'inline-flex h-9 cursor-pointer items-center gap-2 rounded-md px-2 text-sm sm:px-3 font-medium text-foreground transition-colors hover:bg-accent peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-60 [&_svg]:size-4 [&_svg]:text-brand-soft';

/** The new-post form for signed-in users: text, and an image or a video (choosing one clears the other). */
export function NewPostForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('community');
  const id = useId();
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  // The chosen file stays here (checked when chosen); the form knows only whether there is one.
  const [media, setMedia] = useState<Media>(null);
  const createPost = useCreatePost();
  // A creator with membership products may keep a post for one product's members.
  const membershipProducts = useMembershipProducts(user.role === 'creator' || user.role === 'admin');
  const [audience, setAudience] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<PostForm>({ resolver: zodResolver(postFormSchema), reValidateMode: 'onSubmit', shouldFocusError: false, defaultValues: { content: '', hasMedia: false } });
  const error = fieldMessage(errors.content?.message, 'community', COMMUNITY_MESSAGES, COMMUNITY_MESSAGE_PARAMS) ?? null;
  const busy = createPost.isPending;

  const preview = useMemo(() => (media ? URL.createObjectURL(media.file) : null), [media]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  /** Shows an English message (a shared one or the server's) in the interface language. */
  const fail = (message: string) => {
    setError('content', { message });
    showToast({ ...splitMessage(message), variant: 'error' });
  };

  const choose = (kind: 'image' | 'video') => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const other = kind === 'image' ? videoInput.current : imageInput.current;
    if (!file.type.startsWith(`${kind}/`)) {
      event.target.value = '';
      fail(kind === 'image' ? COMMUNITY_MESSAGES.invalidImage : COMMUNITY_MESSAGES.invalidVideo);
      return;
    }
    const max = kind === 'image' ? POST_IMAGE_MAX_BYTES : POST_VIDEO_MAX_BYTES;
    if (file.size > max) {
      event.target.value = '';
      fail(kind === 'image' ? t('errors.imageTooLarge') : t('errors.videoTooLarge'));
      return;
    }
    if (other) other.value = '';
    clearErrors();
    setMedia({ kind, file });
    setValue('hasMedia', true);
  };

  const clearMedia = () => {
    if (imageInput.current) imageInput.current.value = '';
    if (videoInput.current) videoInput.current.value = '';
    setMedia(null);
    setValue('hasMedia', false);
  };

  const onInvalid = (found: FieldErrors<PostForm>) => {
    if (found.content?.message) showToast({ ...splitMessage(found.content.message), variant: 'error' });
  };

  const submit = ({ content }: PostForm) => {
    createPost.mutate(
      { content, image: media?.kind === 'image' ? media.file : null, video: media?.kind === 'video' ? media.file : null, membersProductId: audience || null },
      {
        onSuccess: () => {
          reset();
          setAudience('');
          clearMedia();
          showToast({ title: t('errors.postCreated'), description: t('newPost.done'), variant: 'success' });
        },
        onError: (failure) => fail(localizeError(failure, 'community', t('common.unexpected'))),
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)} aria-labelledby={`${id}-heading`} className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-lg shadow-black/20 sm:p-5">
      <h3 id={`${id}-heading`} className="sr-only">
        {t('newPost.heading')}
      </h3>
      <div className="flex gap-3">
        <UserAvatar user={user} className="mt-6 hidden size-10 sm:flex" />
        <div className="grid min-w-0 flex-1 gap-2">
          <Label htmlFor={`${id}-content`}>{t('newPost.label')}</Label>
          <textarea
            id={`${id}-content`}
            rows={3}
            maxLength={POST_TEXT_MAX}
            disabled={busy}
            placeholder={t('newPost.placeholder')}
            {...register('content', { onChange: () => clearErrors() })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="min-h-20 w-full resize-y rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 disabled:opacity-60 aria-invalid:border-red-400"
          />
        </div>
      </div>

      {media && preview ? (
        <div className="relative w-fit max-w-full sm:ml-13">
          {media.kind === 'image' ? (
            <img src={preview} alt={t('newPost.imagePreview')} className="max-h-64 max-w-full rounded-lg border border-border object-contain" />
          ) : (
            <video src={preview} controls muted aria-label={t('newPost.videoPreview')} className="max-h-64 max-w-full rounded-lg border border-border bg-black" />
          )}
          <Button
            variant="secondary"
            size="icon"
            className="absolute top-2 right-2 size-8 rounded-full bg-black/70 hover:bg-black/90"
            onClick={clearMedia}
            disabled={busy}
            aria-label={media.kind === 'image' ? t('newPost.removeImage') : t('newPost.removeVideo')}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : null}

      {membershipProducts.data && membershipProducts.data.items.length > 0 ? (
        <div className="grid gap-1 sm:ml-13 sm:max-w-sm">
          <Label htmlFor={`${id}-audience`}>{t('newPost.audience')}</Label>
          <select id={`${id}-audience`} className={selectClass} value={audience} onChange={(event) => setAudience(event.target.value)} disabled={busy}>
            <option value="">{t('newPost.everyone')}</option>
            {membershipProducts.data.items.map((product) => (
              <option key={product.productId} value={product.productId}>
                {t('newPost.membersOf', { name: product.name })}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400 sm:ml-13">
          {error}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-0.5 border-t border-border pt-3 sm:ml-13 sm:gap-1">
        <div>
          <input ref={imageInput} id={`${id}-image`} type="file" accept="image/*" disabled={busy} onChange={choose('image')} className="peer sr-only" />
          <label htmlFor={`${id}-image`} className={pickerClass}>
            <ImagePlus aria-hidden="true" /> {t('newPost.addImage')}
          </label>
        </div>
        <div>
          <input ref={videoInput} id={`${id}-video`} type="file" accept="video/*" disabled={busy} onChange={choose('video')} className="peer sr-only" />
          <label htmlFor={`${id}-video`} className={pickerClass}>
            <Video aria-hidden="true" /> {t('newPost.addVideo')}
          </label>
        </div>
        <Button type="submit" disabled={busy} className={cn('ml-auto min-w-20 sm:min-w-24')}>
          {busy ? (
            <>
              <Spinner className="text-white" /> {t('newPost.posting')}
            </>
          ) : (
            <>
              <SendHorizontal aria-hidden="true" /> {t('newPost.submit')}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
