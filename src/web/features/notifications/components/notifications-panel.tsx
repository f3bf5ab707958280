import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '#web/components/ui/dropdown-menu.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { cn } from '#web/lib/utils.ts';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications.ts';
import { notificationText, notificationTime } from '../utils/notification-text.ts';

/** The inbox, newest first: choosing one marks it read and opens its page. */
export function NotificationsPanel() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const { data, isError } = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  if (isError) return <p className="p-4 text-sm text-muted-foreground">{t('loadFailed')}</p>;
  if (!data) return <Spinner className="m-4" />;
  return (
    <div>
      <div className="flex items-center justify-between gap-2 px-1 pt-1">
        <DropdownMenuLabel className="font-semibold">{t('title')}</DropdownMenuLabel>
        {data.unreadCount ? (
          <DropdownMenuItem
            className="text-xs text-brand-soft"
            onSelect={(event) => {
              event.preventDefault(); // the menu stays open, its items now read
              markAllRead.mutate(undefined);
            }}
          >
            {t('markAllRead')}
          </DropdownMenuItem>
        ) : null}
      </div>
      <DropdownMenuSeparator className="mx-0" />
      {data.items.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <div className="max-h-96 overflow-y-auto p-1">
          {data.items.map((notification) => (
            <DropdownMenuItem
              key={notification.id}
              className="items-start"
              onSelect={() => {
                if (!notification.readAt) markRead.mutate(notification.id);
                void navigate(notification.data.link ?? '/dashboard');
              }}
            >
              <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.readAt ? 'bg-transparent' : 'bg-primary')} />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className={cn('break-words', !notification.readAt && 'font-medium')}>
                  {notificationText(notification, t)}
                  {notification.readAt ? null : <span className="sr-only"> ({t('unreadDot')})</span>}
                </span>
                <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)} className="text-xs text-muted-foreground">
                  {notificationTime(notification.createdAt)}
                </time>
              </span>
            </DropdownMenuItem>
          ))}
        </div>
      )}
    </div>
  );
}
