import { MessageSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Notice } from '#web/components/notice.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { cn } from '#web/lib/utils.ts';
import { useConversations, useStartConversation } from '../api/conversations.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import { ConversationThread } from '../components/conversation-thread.tsx';
import { conversationPath, MESSAGES_PATH } from '../utils/paths.ts';

/**
 * /dashboard/messages and /dashboard/messages/:conversationId — the inbox beside the open
 * conversation; on a phone the list, then the conversation alone. `?to=<userId>` opens (or starts)
 * the conversation with that user: the product page's Message, an application's Message.
 */
export function ConversationsPage() {
  const { t } = useTranslation('conversations');
  const { conversationId } = useParams();
  const { data: user } = useCurrentUser();
  const list = useConversations();
  usePageTitle(t('title'));

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
      <StartFromLink />
      <div className="grid min-h-[28rem] overflow-hidden rounded-xl border border-border bg-card lg:grid-cols-[20rem_1fr]">
        <nav aria-label={t('list.nav')} className={cn('min-w-0 border-border lg:border-r', conversationId && 'hidden lg:block')}>
          {list.isPending ? (
            <LoadingState label={t('list.loading')} className="py-16" />
          ) : list.isError ? (
            <div className="p-4">
              <LoadFailedNotice title={t('list.loadFailed')} error={list.error} namespace="conversations" onRetry={() => void list.refetch()} retrying={list.isFetching} />
            </div>
          ) : list.data.items.length === 0 ? (
            <div className="grid justify-items-center gap-2 px-6 py-16 text-center">
              <MessageSquare aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="font-medium">{t('list.empty')}</p>
              <p className="text-sm text-muted-foreground">{t('list.emptyHint')}</p>
            </div>
          ) : (
            <ConversationList items={list.data.items} viewerId={user?.id} />
          )}
        </nav>
        <section aria-label={t('thread.region')} className={cn('flex min-w-0 flex-col', !conversationId && 'hidden lg:flex')}>
          {conversationId ? (
            <ConversationThread key={conversationId} id={conversationId} viewerId={user?.id} />
          ) : (
            <p className="m-auto p-8 text-center text-sm text-muted-foreground">{t('thread.choose')}</p>
          )}
        </section>
      </div>
    </div>
  );
}

/** `?to=<userId>`: the pair's conversation, started if need be, then opened; or why it cannot be. */
function StartFromLink() {
  const { t } = useTranslation('conversations');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = params.get('to');
  const start = useStartConversation();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!to || asked.current === to) return;
    asked.current = to;
    start.mutate(to, { onSuccess: ({ conversation }) => void navigate(conversationPath(conversation.id), { replace: true }) });
  }, [to, start, navigate]);
  if (!to) return null;
  if (start.isError)
    return (
      <Notice variant="error" title={t('start.failed')}>
        <p>{localizeError(start.error, 'conversations')}</p>
        <Link to={MESSAGES_PATH} className="mt-2 inline-block underline">
          {t('start.back')}
        </Link>
      </Notice>
    );
  return <LoadingState label={t('start.opening')} className="py-2" />;
}
