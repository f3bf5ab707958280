import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { CONVERSATIONS_KEY, useUnreadMessages } from '../api/conversations.ts';
import { MESSAGES_PATH } from '../utils/paths.ts';

/**
 * The dashboard header's messages icon (it was SPEC's 'Private messaging coming soon!'): the unread
 * count, live, and the way to the inbox. Its event refetches every conversations query on the page.
 */
export function MessagesButton() {
  const { t } = useTranslation('conversations');
  const queryClient = useQueryClient();
  const { data } = useUnreadMessages();
  useRealtimeEvent('conversations.changed', () => void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }));
  const unread = data?.unreadCount ?? 0;
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to={MESSAGES_PATH} aria-label={unread ? t('unread', { count: unread }) : t('title')}>
        <MessageSquare aria-hidden="true" />
        {unread ? (
          <span
            aria-hidden="true"
            data-testid="messages-unread"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
