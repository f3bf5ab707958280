import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import type { Job } from '../api/types.ts';
import { useEmploymentTypeLabel } from '../utils/employment-type.ts';
import { formatDate } from '#web/lib/format.ts';
import { jobPath } from '../utils/paths.ts';
import { JobMeta, SkillChips } from './job-meta.tsx';

/** One job in Find Jobs; the description is clamped to 3 lines (SPEC §2). */
export function JobCard({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  const typeLabel = useEmploymentTypeLabel();
  const headingId = `job-${job.id}-title`;
  return (
    <article aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-lg shadow-black/20">
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="min-w-0 text-lg leading-snug font-semibold break-words">
          {job.title}
        </h3>
        <span className="shrink-0 rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">{typeLabel(job.employmentType)}</span>
      </div>
      <JobMeta job={job} showType={false} />
      <SkillChips skills={job.skills} />
      <p className="line-clamp-3 text-sm leading-relaxed break-words whitespace-pre-line text-muted-foreground">{job.description}</p>
      <div className="mt-auto flex items-center justify-between gap-3 pt-2">
        <span className="text-xs text-muted-foreground">
          {t('common.posted')} <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
        </span>
        <Link
          to={jobPath(job.id)}
          className={buttonVariants({ size: 'sm' })}
          aria-label={t('card.viewLabel', { title: job.title, company: job.companyName })}
        >
          {t('card.view')} <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}

export function JobCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col gap-3 rounded-xl border border-border bg-card p-5">
      <div className="h-5 w-2/3 rounded bg-muted" />
      <div className="h-4 w-1/2 rounded bg-muted" />
      <div className="flex gap-2">
        <div className="h-5 w-16 rounded-full bg-muted" />
        <div className="h-5 w-20 rounded-full bg-muted" />
      </div>
      <div className="grid gap-2">
        <div className="h-3.5 rounded bg-muted" />
        <div className="h-3.5 rounded bg-muted" />
        <div className="h-3.5 w-4/5 rounded bg-muted" />
      </div>
      <div className="mt-2 flex justify-end">
        <div className="h-9 w-32 rounded-md bg-muted" />
      </div>
    </div>
  );
}
