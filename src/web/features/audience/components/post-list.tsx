import { CalendarClock, FlaskConical, Paperclip, Send, Trash2, Upload, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AudiencePost } from '#shared/audience-api.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { formatBytes, formatCount, formatDateTime } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useAttachPostFile, useDeletePost, useRemovePostFile, useSendPost, useTestPost } from '../api/audience.ts';

/** My posts, newest first: status, audience, stats; a draft's test, send now, schedule and delete. */
export function PostList({ items }: { items: AudiencePost[] }) {
  const { t } = useTranslation('audience');
  if (!items.length) return <p className="text-sm text-muted-foreground">{t('posts.empty')}</p>;
  return (
    <ul aria-label={t('posts.title')} className="grid gap-4">
      {items.map((post) => (
        <li key={post.id}>
          <PostItem post={post} />
        </li>
      ))}
    </ul>
  );
}

function PostItem({ post }: { post: AudiencePost }) {
  const { t } = useTranslation('audience');
  const id = useId();
  const send = useSendPost();
  const test = useTestPost();
  const remove = useDeletePost();
  const [confirming, setConfirming] = useState<'send' | 'delete' | undefined>();
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string>();
  const busy = send.isPending || test.isPending || remove.isPending;
  const editable = post.status === 'draft';

  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(undefined);
    try {
      await action();
      showToast({ title: done, variant: 'success' });
      setConfirming(undefined);
      setScheduling(false);
    } catch (failure) {
      setError(localizeError(failure, 'audience', t('common.unexpected')));
    }
  };

  const audience = post.audience.kind === 'product' ? t('kinds.product') : t(`kinds.${post.audience.kind}`);
  return (
    <article aria-labelledby={`${id}-subject`} className="grid gap-3 rounded-lg border border-border bg-background/40 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h3 id={`${id}-subject`} className="font-semibold break-words">
            {post.subject}
          </h3>
          <p className="text-xs text-muted-foreground">
            {audience}
            {' · '}
            {post.status === 'scheduled' && post.scheduledAt
              ? t('posts.scheduledFor', { date: formatDateTime(post.scheduledAt) })
              : post.sentAt
                ? t('posts.sentOn', { date: formatDateTime(post.sentAt) })
                : t('posts.createdOn', { date: formatDateTime(post.createdAt) })}
          </p>
        </div>
        <span data-testid="post-status" className="rounded-full border border-border px-2.5 py-0.5 text-xs font-medium">
          {t(`status.${post.status}`)}
        </span>
      </div>
      {post.status !== 'draft' ? (
        <dl aria-label={t('posts.stats.label')} className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-6">
          {(['recipients', 'sent', 'delivered', 'opened', 'clicked', 'unsubscribed'] as const).map((stat) => (
            <div key={stat} className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{t(`posts.stats.${stat}`)}</dt>
              <dd className="font-semibold tabular-nums">{stat === 'opened' && !post.trackOpens ? t('posts.stats.notTracked') : formatCount(post.stats[stat])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {post.updateProductId ? <PostFiles post={post} busy={busy} onError={setError} /> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      {scheduling ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!when) return setError(t('errors.scheduleInvalid'));
            void run(() => send.mutateAsync({ id: post.id, scheduledAt: new Date(when).toISOString() }), t('posts.scheduledDone'));
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-when`}>{t('posts.when')}</Label>
            <Input id={`${id}-when`} type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} disabled={busy} />
          </div>
          <Button type="submit" disabled={busy}>
            {send.isPending ? t('posts.scheduling') : t('posts.confirmSchedule')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setScheduling(false)} disabled={busy}>
            {t('common.cancel')}
          </Button>
        </form>
      ) : null}
      {post.status === 'draft' || post.status === 'scheduled' || post.status === 'paused' ? (
        <div className="flex flex-wrap gap-2">
          {editable ? (
            <>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => void run(() => test.mutateAsync(post.id), t('posts.testDone'))}>
                <FlaskConical aria-hidden="true" /> {test.isPending ? t('posts.testing') : t('posts.test')}
              </Button>
              <Button size="sm" variant="outline" disabled={busy || scheduling} onClick={() => setScheduling(true)}>
                <CalendarClock aria-hidden="true" /> {t('posts.schedule')}
              </Button>
              <ConfirmDialog
                open={confirming === 'send'}
                onOpenChange={(open) => setConfirming(open ? 'send' : undefined)}
                trigger={
                  <Button size="sm" disabled={busy}>
                    <Send aria-hidden="true" /> {t('posts.sendNow')}
                  </Button>
                }
                title={t('posts.sendTitle')}
                description={t('posts.sendDescription')}
                error={confirming === 'send' ? error : undefined}
                cancelLabel={t('common.cancel')}
                confirmLabel={t('posts.sendNow')}
                pendingLabel={t('posts.sending')}
                pending={send.isPending}
                tone="default"
                onConfirm={() => void run(() => send.mutateAsync({ id: post.id, scheduledAt: null }), t('posts.sentDone'))}
                closeLabel={t('common.close')}
              />
            </>
          ) : null}
          <ConfirmDialog
            open={confirming === 'delete'}
            onOpenChange={(open) => setConfirming(open ? 'delete' : undefined)}
            trigger={
              <Button size="sm" variant="ghost" disabled={busy}>
                <Trash2 aria-hidden="true" /> {editable ? t('posts.delete') : t('posts.cancelSend')}
              </Button>
            }
            title={editable ? t('posts.deleteTitle') : t('posts.cancelTitle')}
            description={t('posts.deleteDescription')}
            error={confirming === 'delete' ? error : undefined}
            cancelLabel={t('common.cancel')}
            confirmLabel={editable ? t('posts.delete') : t('posts.cancelSend')}
            pendingLabel={t('posts.deleting')}
            pending={remove.isPending}
            onConfirm={() => void run(() => remove.mutateAsync(post.id), t('posts.deletedDone'))}
            closeLabel={t('common.close')}
          />
        </div>
      ) : null}
    </article>
  );
}

/** The files a post attaches to its update product: added and removed while it is a draft. */
function PostFiles({ post, busy, onError }: { post: AudiencePost; busy: boolean; onError: (message: string | undefined) => void }) {
  const { t } = useTranslation('audience');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const attach = useAttachPostFile();
  const remove = useRemovePostFile();
  const editable = post.status === 'draft';
  const pending = attach.isPending || remove.isPending;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    onError(undefined);
    try {
      await attach.mutateAsync({ id: post.id, file });
      showToast({ title: t('files.added', { name: file.name }), variant: 'success' });
    } catch (failure) {
      onError(localizeError(failure, 'audience', t('common.unexpected')));
    } finally {
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <section aria-labelledby={`${id}-files`} className="grid gap-2">
      <h4 id={`${id}-files`} className="text-sm font-medium">
        {t('files.title')}
      </h4>
      {post.files.length === 0 ? <p className="text-sm text-muted-foreground">{t('files.empty')}</p> : null}
      {post.files.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {post.files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-2">
              <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="min-w-0 break-all">{file.name}</span>
              <span className="text-xs text-muted-foreground">{formatBytes(file.size)}</span>
              {editable ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy || pending}
                  aria-label={t('files.remove', { name: file.name })}
                  onClick={() =>
                    void remove.mutateAsync({ id: post.id, fileId: file.id }).catch((failure: unknown) => onError(localizeError(failure, 'audience', t('common.unexpected'))))
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {editable ? (
        <div>
          <label htmlFor={`${id}-file`} className="sr-only">
            {t('files.choose')}
          </label>
          <input id={`${id}-file`} ref={inputRef} type="file" tabIndex={-1} className="sr-only" onChange={(event) => void upload(event.target.files?.[0])} disabled={busy || pending} />
          <Button size="sm" variant="outline" disabled={busy || pending} onClick={() => inputRef.current?.click()}>
            <Upload aria-hidden="true" /> {attach.isPending ? t('files.uploading') : t('files.add')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
