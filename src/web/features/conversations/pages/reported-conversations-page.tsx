import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { cn } from '#web/lib/utils.ts';
import { useAdminConversation, useReportedConversations } from '../api/conversations.ts';
import { PersonAvatar } from '../components/person-avatar.tsx';
import { REPORTED_PATH, reportedConversationPath } from '../utils/paths.ts';

/** /admin/conversations and /admin/conversations/:conversationId — reported conversations, the only ones an admin reads. */
export function ReportedConversationsPage() {
  const { t } = useTranslation('conversations');
  const { conversationId } = useParams();
  usePageTitle(t('admin.title'));
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{t('admin.title')}</h1>
      <p className="text-sm text-muted-foreground">{t('admin.intro')}</p>
      {conversationId ? <ReportedThread id={conversationId} /> : <ReportedList />}
    </div>
  );
}

function ReportedList() {
  const { t } = useTranslation('conversations');
  const { data, isPending, isError, error, refetch, isFetching } = useReportedConversations();
  if (isPending) return <LoadingState label={t('admin.loading')} className="py-16" />;
  if (isError) return <LoadFailedNotice title={t('admin.loadFailed')} error={error} namespace="conversations" onRetry={() => void refetch()} retrying={isFetching} />;
  if (data.items.length === 0) return <p className="rounded-xl border border-border bg-card p-8 text-center text-muted-foreground">{t('admin.empty')}</p>;
  return (
    <ul className="grid gap-3" aria-label={t('admin.listLabel')}>
      {data.items.map((item) => (
        <li key={`${item.id}-${item.reporter.id}`}>
          <Card>
            <CardContent className="grid gap-2 p-4">
              <Link to={reportedConversationPath(item.id)} className="font-semibold text-brand-soft hover:underline">
                {t('admin.between', { first: item.members[0]?.name ?? '', second: item.members[1]?.name ?? '' })}
              </Link>
              <p className="text-sm">
                {t('admin.reportedBy', { name: item.reporter.name })} · <time dateTime={item.reportedAt}>{formatDateTime(item.reportedAt)}</time>
              </p>
              {item.reason ? <p className="text-sm break-words text-muted-foreground">{t('admin.reason', { reason: item.reason })}</p> : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function ReportedThread({ id }: { id: string }) {
  const { t } = useTranslation('conversations');
  const { data, isPending, isError, error, refetch, isFetching } = useAdminConversation(id);
  const back = (
    <Link to={REPORTED_PATH} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4" /> {t('admin.back')}
    </Link>
  );
  if (isPending) return <LoadingState label={t('admin.loading')} className="py-16" />;
  if (isError)
    return (
      <div className="grid gap-3">
        {back}
        {isApiError(error, 404) || isApiError(error, 400) ? (
          <Notice variant="error" title={t('errors.conversation_not_found')} />
        ) : (
          <LoadFailedNotice title={t('admin.loadFailed')} error={error} namespace="conversations" onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </div>
    );
  const names = new Map(data.members.map((member) => [member.id, member]));
  return (
    <div className="grid gap-4">
      {back}
      <h2 className="text-lg font-semibold">{t('admin.between', { first: data.members[0]?.name ?? '', second: data.members[1]?.name ?? '' })}</h2>
      <ul className="grid gap-1 text-sm" aria-label={t('admin.reports')}>
        {data.reports.map((report) => (
          <li key={report.reporter.id}>
            {t('admin.reportedBy', { name: report.reporter.name })} · <time dateTime={report.reportedAt}>{formatDateTime(report.reportedAt)}</time>
            {report.reason ? ` — ${report.reason}` : null}
          </li>
        ))}
      </ul>
      <ol className="grid gap-3 rounded-xl border border-border bg-card p-4" aria-label={t('admin.messages')}>
        {data.messages.length === 0 ? <li className="text-sm text-muted-foreground">{t('admin.noMessages')}</li> : null}
        {data.messages.map((message, index) => {
          const sender = names.get(message.senderId);
          return (
            <li key={message.id} className={cn('flex gap-3', index > 0 && 'border-t border-border pt-3')}>
              {sender ? <PersonAvatar person={sender} className="size-8" /> : null}
              <div className="grid min-w-0 gap-0.5">
                <p className="text-sm">
                  <span className="font-medium">{sender?.name ?? t('admin.unknown')}</span>{' '}
                  <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
                    {formatDateTime(message.createdAt)}
                  </time>
                </p>
                {message.text ? <p className="text-sm break-words whitespace-pre-wrap">{message.text}</p> : null}
                {message.attachment ? (
                  <a href={message.attachment.url} download={message.attachment.name} className="text-sm text-brand-soft underline-offset-2 hover:underline">
                    {t('attachment.download', { name: message.attachment.name })}
                  </a>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
