import { useQueries } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '#web/components/notice.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatCount, formatDate } from '#web/lib/format.ts';
import { getJobApplicationsQueryOptions } from '../api/get-job-applications.ts';
import { useMyJobs } from '../api/get-my-jobs.ts';
import { jobPath, MY_JOBS_PATH, ZERRIJOBS_PATH } from '../utils/paths.ts';

const JOBS_SHOWN = 5;
const APPLICATIONS_SHOWN = 5;

/** A company's home: its postings with their applicant counts and the latest applications. */
export function CompanyJobsSummary() {
  const { t } = useTranslation('jobs');
  const jobs = useMyJobs();
  // The latest applications: those of the postings that have any (a few requests, each the company's own).
  const withApplications = (jobs.data ?? []).filter((job) => job.applications > 0).slice(0, JOBS_SHOWN);
  const applications = useQueries({ queries: withApplications.map((job) => getJobApplicationsQueryOptions(job.id)) });
  const latest = applications
    .flatMap((query, index) => (query.data ?? []).map((application) => ({ application, job: withApplications[index]! })))
    .sort((a, b) => b.application.createdAt.localeCompare(a.application.createdAt))
    .slice(0, APPLICATIONS_SHOWN);

  if (jobs.isPending) return <LoadingState label={t('mine.loading')} />;
  if (jobs.isError) return <Notice variant="error">{t('mine.loadFailed', { reason: jobs.error.message })}</Notice>;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card className="grid min-w-0 grid-cols-1 content-start gap-4 p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{t('home.jobs')}</h2>
          {jobs.data.length > 0 ? (
            <Link to={MY_JOBS_PATH} className="text-sm font-medium text-brand-soft hover:underline">
              {t('home.allJobs')}
            </Link>
          ) : null}
        </div>
        {jobs.data.length === 0 ? (
          <p className="text-muted-foreground">{t('mine.empty')}</p>
        ) : (
          <ul aria-label={t('home.jobs')} className="grid grid-cols-1 gap-3">
            {jobs.data.slice(0, JOBS_SHOWN).map((job) => (
              <li key={job.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-border p-3">
                <Link to={jobPath(job.id)} className="min-w-0 truncate font-medium hover:underline">
                  {job.title}
                </Link>
                <Link to={`${jobPath(job.id)}#applications`} className="shrink-0 text-sm text-muted-foreground hover:text-foreground hover:underline">
                  {t('mine.applications', { count: job.applications, formatted: formatCount(job.applications) })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="grid min-w-0 grid-cols-1 content-start gap-4 p-6">
        <h2 className="text-lg font-semibold">{t('home.latestApplications')}</h2>
        {applications.some((query) => query.isPending) ? (
          <LoadingState label={t('home.loadingApplications')} />
        ) : latest.length === 0 ? (
          <p className="text-muted-foreground">{t('home.noApplications')}</p>
        ) : (
          <ul aria-label={t('home.latestApplications')} className="grid grid-cols-1 gap-3">
            {latest.map(({ application, job }) => (
              <li key={application.id} className="grid min-w-0 grid-cols-1 gap-0.5 rounded-lg border border-border p-3">
                <p className="truncate font-medium">{application.applicantName}</p>
                <p className="text-sm break-words text-muted-foreground">
                  <Link to={`${jobPath(job.id)}#applications`} className="hover:underline">
                    {job.title}
                  </Link>{' '}
                  · {formatDate(application.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** The company home's Post a Job action. */
export function PostJobButton() {
  const { t } = useTranslation('jobs');
  return (
    <Link to={`${ZERRIJOBS_PATH}?tab=post`} className={buttonVariants()}>
      <Megaphone aria-hidden="true" /> {t('tabs.post')}
    </Link>
  );
}
