import { ArrowLeft, Ban, Download, Flag, Paperclip, Send, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { POST_IMAGE_MAX_BYTES, POST_VIDEO_MAX_BYTES } from '#shared/community.ts';
import { MESSAGE_TEXT_MAX } from '#shared/conversations.ts';
import type { ConversationMessage } from '#shared/conversations-api.ts';
import type { ConversationThread as Thread } from '#shared/conversations-api.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { textareaClass } from '#web/components/ui/textarea.tsx';
import { isApiError } from '#web/lib/api.ts';
import { formatDateTime, formatRelativeTime } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useMarkConversationRead, useSendMessage, useSetBlock, useThread } from '../api/conversations.ts';
import { MESSAGES_PATH } from '../utils/paths.ts';
import { PersonAvatar } from './person-avatar.tsx';
import { ReportDialog } from './report-dialog.tsx';

function BackToList() {
  const { t } = useTranslation('conversations');
  return (
    <Link to={MESSAGES_PATH} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground lg:hidden">
      <ArrowLeft aria-hidden="true" className="size-4" /> {t('thread.back')}
    </Link>
  );
}

/** One conversation: its messages, oldest first, live; the composer; block and report. */
export function ConversationThread({ id, viewerId }: { id: string; viewerId: string | undefined }) {
  const { t } = useTranslation('conversations');
  const { data, isPending, isError, error, refetch, isFetching } = useThread(id);
  const markRead = useMarkConversationRead();
  const unread = data?.conversation.unreadCount ?? 0;
  // Open and showing new messages: they are read.
  useEffect(() => {
    if (unread > 0) markRead.mutate(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new unread count
  }, [id, unread]);

  if (isPending) return <LoadingState label={t('thread.loading')} className="py-16" />;
  if (isError) {
    const notFound = isApiError(error, 404) || isApiError(error, 400);
    return (
      <div className="grid content-start gap-3 p-4">
        <BackToList />
        <Notice variant="error" title={notFound ? t('errors.conversation_not_found') : t('thread.loadFailed')}>
          {notFound ? null : <p>{localizeError(error, 'conversations')}</p>}
          {notFound ? null : (
            <Button variant="outline" size="sm" className="mt-3" disabled={isFetching} onClick={() => void refetch()}>
              {t('tryAgain')}
            </Button>
          )}
        </Notice>
      </div>
    );
  }
  return <ThreadView thread={data} viewerId={viewerId} />;
}

function ThreadView({ thread, viewerId }: { thread: Thread; viewerId: string | undefined }) {
  const { t } = useTranslation('conversations');
  const { conversation, messages } = thread;
  const logRef = useRef<HTMLDivElement>(null);
  const setBlock = useSetBlock();
  const [reportOpen, setReportOpen] = useState(false);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lastId]);

  const toggleBlock = () =>
    setBlock.mutate(
      { id: conversation.id, blocked: !conversation.blockedByMe },
      {
        onSuccess: ({ conversation: updated }) =>
          showToast({ title: updated.blockedByMe ? t('block.blocked', { name: updated.other.name }) : t('block.unblocked', { name: updated.other.name }), variant: 'success' }),
        onError: (failure) => showToast({ title: t('block.failed'), description: localizeError(failure, 'conversations'), variant: 'error' }),
      },
    );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-3 border-b border-border p-3 sm:px-4">
        <BackToList />
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <PersonAvatar person={conversation.other} />
          <h2 className="truncate text-base font-semibold">{conversation.other.name}</h2>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={toggleBlock} disabled={setBlock.isPending} aria-pressed={conversation.blockedByMe}>
            <Ban aria-hidden="true" /> {conversation.blockedByMe ? t('block.unblock') : t('block.block')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setReportOpen(true)} disabled={conversation.reportedByMe}>
            <Flag aria-hidden="true" /> {conversation.reportedByMe ? t('report.done') : t('report.open')}
          </Button>
        </div>
      </div>
      <ReportDialog conversationId={conversation.id} name={conversation.other.name} open={reportOpen} onOpenChange={setReportOpen} />
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t('thread.label', { name: conversation.other.name })}
        tabIndex={0}
        className="max-h-[60vh] min-h-64 flex-1 overflow-y-auto p-3 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:p-4"
      >
        <ol className="flex min-h-full flex-col gap-2">
          {messages.length === 0 ? <li className="m-auto text-sm text-muted-foreground">{t('thread.empty', { name: conversation.other.name })}</li> : null}
          {messages.map((message) => {
            const mine = message.senderId === viewerId;
            return (
              <li key={message.id} className={cn('flex max-w-[85%] flex-col gap-0.5 sm:max-w-[70%]', mine ? 'items-end self-end' : 'items-start self-start')}>
                <span className="sr-only">{mine ? t('thread.fromMe') : t('thread.from', { name: conversation.other.name })}</span>
                {message.attachment ? <Attachment attachment={message.attachment} /> : null}
                {message.text ? (
                  <p
                    className={cn(
                      'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
                      mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
                    )}
                  >
                    {message.text}
                  </p>
                ) : null}
                <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)} className="px-1 text-xs text-muted-foreground">
                  {formatRelativeTime(message.createdAt, { justNow: t('justNow') })}
                </time>
              </li>
            );
          })}
        </ol>
      </div>
      {conversation.blockedByMe ? (
        <p className="border-t border-border p-4 text-sm text-muted-foreground">{t('block.youBlocked', { name: conversation.other.name })}</p>
      ) : conversation.blockedMe ? (
        <p className="border-t border-border p-4 text-sm text-muted-foreground">{t('errors.conversation_blocked')}</p>
      ) : (
        <Composer id={conversation.id} name={conversation.other.name} />
      )}
    </div>
  );
}

/** A message's image or video, served to the conversation's members only; with a link to download it. */
function Attachment({ attachment }: { attachment: NonNullable<ConversationMessage['attachment']> }) {
  const { t } = useTranslation('conversations');
  return (
    <figure className="grid gap-1">
      {attachment.kind === 'image' ? (
        <img src={attachment.url} alt={t('attachment.imageAlt', { name: attachment.name })} className="max-h-64 max-w-full rounded-xl border border-border object-contain" loading="lazy" />
      ) : (
        <video src={attachment.url} controls preload="metadata" className="max-h-64 max-w-full rounded-xl border border-border" aria-label={attachment.name} />
      )}
      <figcaption>
        <a href={attachment.url} download={attachment.name} className="inline-flex items-center gap-1 px-1 text-xs text-muted-foreground underline-offset-2 hover:text-foreground hover:underline">
          <Download aria-hidden="true" className="size-3" /> {t('attachment.download', { name: attachment.name })}
        </a>
      </figcaption>
    </figure>
  );
}

/** The message field: Enter sends, Shift+Enter starts a new line; an image or a video may go with it. */
function Composer({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('conversations');
  const fieldId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const send = useSendMessage(id);
  const pickFile = (picked: File | undefined) => {
    setProblem(undefined);
    if (!picked) return setFile(null);
    const video = picked.type.startsWith('video/');
    if (!video && !picked.type.startsWith('image/')) return setProblem(t('errors.message_invalid_image'));
    if (picked.size > (video ? POST_VIDEO_MAX_BYTES : POST_IMAGE_MAX_BYTES)) return setProblem(t(video ? 'errors.videoTooLarge' : 'errors.imageTooLarge'));
    setFile(picked);
  };
  const clearFile = () => {
    setFile(null);
    if (fileRef.current) fileRef.current.value = '';
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    if (!text.trim() && !file) return setProblem(t('errors.conversation_empty'));
    setProblem(undefined);
    send.mutate(
      { text, file },
      {
        onSuccess: () => {
          setText('');
          clearFile();
        },
        onError: (failure) => setProblem(localizeError(failure, 'conversations')),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-2 border-t border-border p-3 sm:p-4">
      <label htmlFor={fieldId} className="sr-only">
        {t('composer.label', { name })}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={fieldId}
          rows={2}
          maxLength={MESSAGE_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('composer.placeholder')}
          aria-describedby={`${fieldId}-hint${problem ? ` ${fieldId}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
          className={cn(textareaClass, 'min-h-11 flex-1 resize-none')}
        />
        <input
          ref={fileRef}
          id={`${fieldId}-file`}
          type="file"
          accept="image/*,video/mp4,video/webm"
          // Reached through the Attach button: hidden from keyboard and screen readers, so there is one control.
          aria-hidden="true"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => pickFile(event.target.files?.[0])}
          disabled={send.isPending}
        />
        <Button type="button" variant="outline" size="icon" disabled={send.isPending} onClick={() => fileRef.current?.click()} aria-label={t('composer.attach')} title={t('composer.attach')}>
          <Paperclip aria-hidden="true" />
        </Button>
        <Button type="submit" disabled={send.isPending}>
          <Send aria-hidden="true" /> {send.isPending && file ? t('composer.uploading') : t('composer.send')}
        </Button>
      </div>
      {file ? (
        <p className="flex items-center gap-2 text-sm">
          <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="min-w-0 truncate">{t('composer.attached', { name: file.name })}</span>
          <Button type="button" variant="ghost" size="sm" onClick={clearFile} disabled={send.isPending} aria-label={t('composer.removeAttachment', { name: file.name })}>
            <X aria-hidden="true" />
          </Button>
        </p>
      ) : null}
      <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
        {t('composer.hint')}
      </p>
      {problem ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
