import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { ConversationSummary } from '#shared/conversations-api.ts';
import { formatDateTime, formatRelativeTime } from '#web/lib/format.ts';
import { cn } from '#web/lib/utils.ts';
import { conversationPath } from '../utils/paths.ts';
import { PersonAvatar } from './person-avatar.tsx';

/** The inbox: one link per conversation, the latest first, with its last message and unread count. */
export function ConversationList({ items, viewerId }: { items: ConversationSummary[]; viewerId: string | undefined }) {
  const { t } = useTranslation('conversations');
  return (
    <ul className="grid" aria-label={t('list.label')}>
      {items.map((conversation) => {
        const last = conversation.lastMessage;
        const lastText = last ? last.text || (last.attachment ? t('list.attachment', { name: last.attachment.name }) : '') : '';
        const preview = last ? (last.senderId === viewerId ? t('list.you', { text: lastText }) : lastText) : t('list.noMessages');
        return (
          <li key={conversation.id} className="border-b border-border last:border-b-0">
            <NavLink
              to={conversationPath(conversation.id)}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 px-4 py-3 outline-none hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  isActive && 'bg-accent',
                )
              }
            >
              <PersonAvatar person={conversation.other} />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={cn('truncate', conversation.unreadCount ? 'font-semibold' : 'font-medium')}>{conversation.other.name}</span>
                  {last ? (
                    <time dateTime={last.createdAt} title={formatDateTime(last.createdAt)} className="shrink-0 text-xs text-muted-foreground">
                      {formatRelativeTime(last.createdAt, { justNow: t('justNow') })}
                    </time>
                  ) : null}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-muted-foreground">{preview}</span>
                  {conversation.unreadCount ? (
                    <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                      <span aria-hidden="true">{conversation.unreadCount}</span>
                      <span className="sr-only">{t('list.unread', { count: conversation.unreadCount })}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
