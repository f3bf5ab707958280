import { Download, ExternalLink, Inbox, Mail, MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { applicationFileUrl, useJobApplications } from '../api/get-job-applications.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { Notice } from '#web/components/notice.tsx';

/** The applications to one of the company's own jobs: who, their message, link and file. */
export function ApplicationsList({ jobId }: { jobId: string }) {
  const { t } = useTranslation('jobs');
  const { data, isPending, isError, error, refetch, isFetching } = useJobApplications(jobId);

  if (isPending) return <LoadingState label={t('applications.loading')} className="py-10" />;
  if (isError) {
    return (
      <Notice variant="error" title={t('common.errorFetching')}>
        <p>{t('applications.loadFailed', { reason: localizeError(error, 'jobs') })}</p>
        <Button variant="outline" size="sm" className="mt-3" disabled={isFetching} onClick={() => void refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Notice>
    );
  }
  if (data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-4 py-10 text-center">
        <Inbox aria-hidden="true" className="size-8 text-brand-soft" />
        <p className="text-muted-foreground">{t('applications.empty')}</p>
      </div>
    );
  }

  return (
    <ul aria-label={t('applications.title')} className="grid gap-4">
      {data.map((application) => (
        <li key={application.id}>
          <article aria-label={t('applications.from', { name: application.applicantName })} className="grid gap-3 rounded-xl border border-border bg-muted/30 p-4 sm:p-5">
            <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
              <div className="min-w-0">
                <h3 className="font-semibold break-words">
                  {application.applicantSlug ? (
                    <Link to={`/store/${application.applicantSlug}`} className="hover:underline">
                      {application.applicantName}
                    </Link>
                  ) : (
                    application.applicantName
                  )}
                </h3>
                <a href={`mailto:${application.applicantEmail}`} className="inline-flex items-center gap-1 text-sm break-all text-brand-soft hover:underline">
                  <Mail aria-hidden="true" className="size-3.5 shrink-0" /> {application.applicantEmail}
                </a>
              </div>
              <time dateTime={application.createdAt} className="text-xs text-muted-foreground">
                {formatDateTime(application.createdAt)}
              </time>
            </div>
            <p className="text-sm leading-relaxed break-words whitespace-pre-line">{application.message}</p>
            {/* The conversations feature's page: the company writes to its applicant. */}
            <Button asChild variant="outline" size="sm" className="w-fit">
              <Link to={`/dashboard/messages?to=${encodeURIComponent(application.applicantId)}`} aria-label={t('applications.messageLabel', { name: application.applicantName })}>
                <MessageSquare aria-hidden="true" /> {t('applications.message')}
              </Link>
            </Button>
            {application.link || application.hasFile ? (
              <div className="flex flex-wrap gap-2">
                {application.link ? (
                  <Button asChild variant="outline" size="sm" className="max-w-full">
                    <a href={application.link} target="_blank" rel="nofollow noopener noreferrer">
                      <ExternalLink aria-hidden="true" /> <span className="truncate">{application.link}</span>
                    </a>
                  </Button>
                ) : null}
                {application.hasFile ? (
                  <Button asChild variant="secondary" size="sm" className="max-w-full">
                    <a href={applicationFileUrl(jobId, application.id)} download={application.fileName ?? true}>
                      <Download aria-hidden="true" /> <span className="truncate">{t('applications.download', { name: application.fileName ?? t('applications.attachment') })}</span>
                    </a>
                  </Button>
                ) : null}
              </div>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
