import { ArrowLeft, ExternalLink, Mail, Pencil } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useJob } from '../api/get-job.ts';
import type { Job } from '../api/types.ts';
import { ApplicationForm } from '../components/application-form.tsx';
import { ApplicationsList } from '../components/applications-list.tsx';
import { JobMeta, SkillChips } from '../components/job-meta.tsx';
import { Notice } from '#web/components/notice.tsx';
import { useEmploymentTypeLabel } from '../utils/employment-type.ts';
import { formatDate } from '#web/lib/format.ts';
import { cn } from '#web/lib/utils.ts';
import { MY_JOBS_PATH, ZERRIJOBS_PATH } from '../utils/paths.ts';

const BACK = `${ZERRIJOBS_PATH}?tab=find`;

function BackLink() {
  const { t } = useTranslation('jobs');
  return (
    <Link to={BACK} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4" /> {t('tabs.find')}
    </Link>
  );
}

/** How to apply: the company's own site or e-mail when given, else the form here. */
function ApplySection({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  if (job.status !== 'open') return <Notice title={t('common.closed')}>{t('errors.closed')}</Notice>;
  if (job.applyUrl || job.applyEmail) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">{t('job.direct', { company: job.companyName })}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          {job.applyUrl ? (
            <a href={job.applyUrl} target="_blank" rel="nofollow noopener noreferrer" className={buttonVariants()}>
              <ExternalLink aria-hidden="true" /> {t('job.applySite')}
            </a>
          ) : null}
          {job.applyEmail ? (
            <a
              href={`mailto:${job.applyEmail}?subject=${encodeURIComponent(t('job.mailSubject', { title: job.title }))}`}
              // A long address wraps inside the button rather than pushing it off a phone's screen.
              className={cn(buttonVariants({ variant: job.applyUrl ? 'outline' : 'default' }), 'h-auto min-h-10 whitespace-normal break-all')}
            >
              <Mail aria-hidden="true" /> {t('job.applyEmail', { email: job.applyEmail })}
            </a>
          ) : null}
        </div>
      </div>
    );
  }
  return <ApplicationForm jobId={job.id} />;
}

/** /dashboard/zerrijobs/jobs/:jobId — the full posting and how to apply; its company sees the applications. */
export function JobPage() {
  const { t } = useTranslation('jobs');
  const typeLabel = useEmploymentTypeLabel();
  const { jobId = '' } = useParams();
  const { data: job, isPending, isError, error, refetch, isFetching } = useJob(jobId);
  const { data: user } = useCurrentUser();
  const { hash } = useLocation();
  usePageTitle(job ? `${job.title} · ZerriJobs` : `${t('job.pageTitle')} · ZerriJobs`);
  const loaded = job !== undefined;
  useEffect(() => {
    // "View applications" links to #applications, which exists only once the job has loaded.
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  if (isPending) return <LoadingState label={t('job.loading')} />;
  if (isError) {
    const notFound = isApiError(error, 404) || isApiError(error, 400);
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        <BackLink />
        <h1 className="text-2xl font-bold tracking-tight">{notFound ? t('errors.notFound') : t('common.error')}</h1>
        <Notice variant={notFound ? 'info' : 'error'}>
          <p>{notFound ? t('job.notFoundHint') : t('job.loadFailed', { reason: localizeError(error, 'jobs') })}</p>
          {notFound ? null : (
            <Button variant="outline" size="sm" className="mt-3" disabled={isFetching} onClick={() => void refetch()}>
              {t('common.tryAgain')}
            </Button>
          )}
        </Notice>
      </div>
    );
  }

  const isOwner = user?.id === job.companyId;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <BackLink />
      <article aria-labelledby="job-title" className="grid gap-6">
        <header className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">{typeLabel(job.employmentType)}</span>
            {job.status === 'closed' ? (
              <span className="rounded-full border border-amber-500/40 bg-amber-500/10 px-2.5 py-0.5 text-xs font-medium text-amber-200">{t('common.closed')}</span>
            ) : null}
            <span className="text-xs text-muted-foreground">
              {t('common.posted')} <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
            </span>
          </div>
          <h1 id="job-title" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {job.title}
          </h1>
          <JobMeta job={job} showType={false} />
          <SkillChips skills={job.skills} />
        </header>
        <Card>
          <CardHeader>
            <CardTitle>{t('job.about')}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="leading-relaxed break-words whitespace-pre-line text-foreground/90">{job.description}</p>
          </CardContent>
        </Card>
      </article>

      {isOwner ? (
        <Card id="applications" className="scroll-mt-24">
          <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="grid gap-1.5">
              <CardTitle>{t('applications.title')}</CardTitle>
              <CardDescription>{t('applications.private')}</CardDescription>
            </div>
            <Link to={MY_JOBS_PATH} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <Pencil aria-hidden="true" /> {t('applications.manage')}
            </Link>
          </CardHeader>
          <CardContent>
            <ApplicationsList jobId={job.id} />
          </CardContent>
        </Card>
      ) : (
        <Card id="apply" className="scroll-mt-24">
          <CardHeader>
            <CardTitle>{t('apply.title')}</CardTitle>
            {job.status === 'open' && !job.applyUrl && !job.applyEmail ? (
              <CardDescription>{t('apply.intro')}</CardDescription>
            ) : null}
          </CardHeader>
          <CardContent>
            <ApplySection job={job} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
