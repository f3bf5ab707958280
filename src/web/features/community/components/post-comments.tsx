import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COMMENT_TEXT_MAX, COMMUNITY_MESSAGE_PARAMS, COMMUNITY_MESSAGES } from '#shared/community.ts';
import { commentFormSchema, type CommentForm } from '#shared/community-forms.ts';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useAddComment } from '../api/add-comment.ts';
import { useComments } from '../api/get-comments.ts';
import { linkify } from '../utils/linkify.tsx';
import { splitMessage } from '../utils/messages.ts';
import { absoluteTime, relativeTime } from '../utils/relative-time.ts';

const textareaClass =
  'w-full min-w-0 resize-y rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 disabled:opacity-60 aria-invalid:border-red-400';

function CommentForm({ postId }: { postId: string }) {
  const { t } = useTranslation('community');
  const id = useId();
  const addComment = useAddComment();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<CommentForm>({ resolver: zodResolver(commentFormSchema), reValidateMode: 'onSubmit', shouldFocusError: false, defaultValues: { text: '' } });
  const error = fieldMessage(errors.text?.message, 'community', COMMUNITY_MESSAGES, COMMUNITY_MESSAGE_PARAMS) ?? null;

  /** Shows an English message (the shared schema's or the server's) in the interface language, and toasts it. */
  const fail = (message: string) => {
    setError('text', { message });
    showToast({ ...splitMessage(message), variant: 'error' });
  };

  const onInvalid = (found: FieldErrors<CommentForm>) => {
    if (found.text?.message) showToast({ ...splitMessage(found.text.message), variant: 'error' });
  };

  const submit = ({ text }: CommentForm) => {
    addComment.mutate(
      { postId, text },
      {
        onSuccess: () => {
          reset();
          showToast({ title: t('errors.commentAdded'), variant: 'success' });
        },
        onError: (failure) => fail(localizeError(failure, 'community', t('common.unexpected'))),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit, onInvalid)} className="grid gap-2">
      <Label htmlFor={`${id}-text`}>{t('comments.label')}</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          id={`${id}-text`}
          rows={2}
          maxLength={COMMENT_TEXT_MAX}
          disabled={addComment.isPending}
          placeholder={t('comments.placeholder')}
          {...register('text', { onChange: () => clearErrors() })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) event.currentTarget.form?.requestSubmit();
          }}
          className={cn(textareaClass, 'min-h-16 flex-1')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" size="sm" disabled={addComment.isPending} className="sm:mt-0.5">
          {addComment.isPending ? (
            <>
              <Spinner className="size-4 text-white" /> {t('comments.sending')}
            </>
          ) : (
            <>
              <Send aria-hidden="true" /> {t('comments.submit')}
            </>
          )}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** A post's comments (oldest first) and, for signed-in users, the comment form. */
export function PostComments({ postId, id }: { postId: string; id: string }) {
  const { t } = useTranslation('community');
  const { data: user } = useCurrentUser();
  const { data, isPending, isError, refetch, isFetching } = useComments(postId);

  return (
    <div id={id} className="grid gap-4 border-t border-border pt-4">
      {isPending ? (
        <Spinner label={t('comments.loading')} />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-300">
          {t('comments.loadFailed')}{' '}
          <Button variant="link" size="sm" className="h-auto p-0" disabled={isFetching} onClick={() => void refetch()}>
            {t('common.tryAgain')}
          </Button>
        </p>
      ) : data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('comments.empty')}</p>
      ) : (
        <ul aria-label={t('comments.title')} className="grid gap-3">
          {data.map((comment) => (
            <li key={comment.id} className="flex gap-3">
              <UserAvatar user={{ name: comment.author.name, email: '', avatarUrl: comment.author.avatarUrl }} className="size-8" />
              <div className="min-w-0 flex-1 rounded-lg bg-muted/60 px-3 py-2">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-medium">{comment.author.name}</span>
                  <time dateTime={comment.createdAt} title={absoluteTime(comment.createdAt)} className="text-xs text-muted-foreground">
                    {relativeTime(comment.createdAt)}
                  </time>
                </p>
                <p className="mt-0.5 text-sm break-words whitespace-pre-wrap">{linkify(comment.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {user ? <CommentForm postId={postId} /> : <p className="text-sm text-muted-foreground">{t('comments.logIn')}</p>}
    </div>
  );
}
