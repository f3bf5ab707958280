import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { NOTIFICATIONS_QUERY_KEY, useNotifications } from '../api/notifications.ts';

// The list loads with its first opening: the dashboard's header keeps only the button.
const NotificationsPanel = lazy(async () => ({ default: (await import('./notifications-panel.tsx')).NotificationsPanel }));

/** The dashboard header's bell: the unread count, live, and the inbox in a menu. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { data } = useNotifications();
  useRealtimeEvent('notifications.changed', () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }));
  const unread = data?.unreadCount ?? 0;
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={unread ? t('unread', { count: unread }) : t('title')} className="relative">
          <Bell aria-hidden="true" />
          {unread ? (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 p-0">
        {open ? (
          <Suspense fallback={<Spinner className="m-4" />}>
            <NotificationsPanel />
          </Suspense>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
