import { ArrowLeft, Briefcase, Eye, Lock, LockOpen, Plus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useMyJobs, type MyJob } from '../api/get-my-jobs.ts';
import { useSetJobStatus } from '../api/set-job-status.ts';
import { EditJobDialog } from '../components/edit-job-dialog.tsx';
import { JobMeta } from '../components/job-meta.tsx';
import { Notice } from '#web/components/notice.tsx';
import { CompaniesOnlyNotice } from '../components/companies-only-notice.tsx';
import { formatCount, formatDate } from '#web/lib/format.ts';
import { jobPath, ZERRIJOBS_PATH } from '../utils/paths.ts';

function StatusButton({ job }: { job: MyJob }) {
  const { t } = useTranslation('jobs');
  const setStatus = useSetJobStatus();
  const closing = job.status === 'open';
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={setStatus.isPending}
      aria-label={closing ? t('mine.closeLabel', { title: job.title }) : t('mine.reopenLabel', { title: job.title })}
      onClick={() =>
        setStatus.mutate(
          { id: job.id, status: closing ? 'closed' : 'open' },
          {
            onSuccess: (updated) =>
              showToast({
                title: updated.status === 'closed' ? t('mine.closedTitle') : t('mine.reopenedTitle'),
                description: updated.status === 'closed' ? t('mine.closed', { title: updated.title }) : t('mine.reopened', { title: updated.title }),
                variant: 'success',
              }),
            onError: (error) => showToast({ title: t('common.error'), description: localizeError(error, 'jobs', t('common.unexpected')), variant: 'error' }),
          },
        )
      }
    >
      {setStatus.isPending ? <Spinner className="size-4" /> : closing ? <Lock aria-hidden="true" /> : <LockOpen aria-hidden="true" />}
      {closing ? t('mine.close') : t('mine.reopen')}
    </Button>
  );
}

function JobRow({ job }: { job: MyJob }) {
  const { t } = useTranslation('jobs');
  const headingId = `my-job-${job.id}`;
  return (
    <article aria-labelledby={headingId} className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-lg shadow-black/20 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="min-w-0 text-lg font-semibold break-words">
            <Link to={jobPath(job.id)} className="hover:underline">
              {job.title}
            </Link>
          </h2>
          <span
            className={cn(
              'rounded-full border px-2.5 py-0.5 text-xs font-medium',
              job.status === 'open' ? 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200' : 'border-amber-500/40 bg-amber-500/10 text-amber-200',
            )}
          >
            {job.status === 'open' ? t('common.open') : t('common.closed')}
          </span>
        </div>
        <JobMeta job={job} />
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5 font-medium text-foreground">
            <Users aria-hidden="true" className="size-4 text-brand-soft" />
            {t('mine.applications', { count: job.applications, formatted: formatCount(job.applications) })}
          </span>
          <span>
            {t('common.posted')} <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
          </span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        <Link to={`${jobPath(job.id)}#applications`} className={buttonVariants({ size: 'sm' })} aria-label={t('mine.viewApplicationsLabel', { title: job.title })}>
          <Eye aria-hidden="true" /> {t('mine.viewApplications')}
        </Link>
        <EditJobDialog job={job} />
        <StatusButton job={job} />
      </div>
    </article>
  );
}

/** /dashboard/zerrijobs/my-jobs — a company's postings with their applications count; edit, close, reopen. */
export function MyJobsPage() {
  const { t } = useTranslation('jobs');
  usePageTitle(`${t('mine.title')} · ZerriJobs`);
  const { data: user, isPending: userPending } = useCurrentUser();
  const isCompany = user?.role === 'company';
  const { data, isPending, isError, error, refetch, isFetching } = useMyJobs({ enabled: isCompany });

  let body;
  if (userPending) body = <LoadingState label={t('common.loadingAccount')} />;
  else if (!isCompany) body = <CompaniesOnlyNotice />;
  else if (isPending) body = <LoadingState label={t('mine.loading')} />;
  else if (isError) {
    body = (
      <Notice variant="error" title={t('common.errorFetching')}>
        <p>{t('mine.loadFailed', { reason: localizeError(error, 'jobs') })}</p>
        <Button variant="outline" size="sm" className="mt-3" disabled={isFetching} onClick={() => void refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Notice>
    );
  } else if (data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-4 py-14 text-center">
        <Briefcase aria-hidden="true" className="size-8 text-brand-soft" />
        <p className="font-medium">{t('mine.empty')}</p>
        <Link to={`${ZERRIJOBS_PATH}?tab=post`} className={buttonVariants()}>
          <Plus aria-hidden="true" /> {t('tabs.post')}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-4">
        {data.map((job) => (
          <li key={job.id}>
            <JobRow job={job} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div>
        <Link to={ZERRIJOBS_PATH} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden="true" className="size-4" /> ZerriJobs
        </Link>
        <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('mine.title')}</h1>
            <p className="mt-1 text-muted-foreground">{t('mine.intro')}</p>
          </div>
          {isCompany ? (
            <Link to={`${ZERRIJOBS_PATH}?tab=post`} className={buttonVariants({ variant: 'outline' })}>
              <Plus aria-hidden="true" /> {t('tabs.post')}
            </Link>
          ) : null}
        </div>
      </div>
      {body}
    </div>
  );
}
