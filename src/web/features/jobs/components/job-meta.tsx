import { Briefcase, Building2, CircleDollarSign, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../api/types.ts';
import { useEmploymentTypeLabel } from '../utils/employment-type.ts';

/** Company, location, employment type and salary as one wrapped row. */
export function JobMeta({
  job,
  showType = true,
}: {
  job: Pick<Job, 'companyName' | 'location' | 'employmentType' | 'salaryRange'>;
  /** Off where a badge already shows the employment type. */
  showType?: boolean;
}) {
  const { t } = useTranslation('jobs');
  const typeLabel = useEmploymentTypeLabel();
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-muted-foreground">
      <li className="inline-flex min-w-0 items-center gap-1.5">
        <Building2 aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">{t('meta.company')}</span>
        <span className="truncate">{job.companyName}</span>
      </li>
      <li className="inline-flex min-w-0 items-center gap-1.5">
        <MapPin aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">{t('meta.location')}</span>
        <span className="truncate">{job.location}</span>
      </li>
      {showType ? (
        <li className="inline-flex items-center gap-1.5">
          <Briefcase aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">{t('meta.type')}</span>
          {typeLabel(job.employmentType)}
        </li>
      ) : null}
      {job.salaryRange ? (
        <li className="inline-flex min-w-0 items-center gap-1.5">
          <CircleDollarSign aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">{t('meta.salary')}</span>
          <span className="truncate">{job.salaryRange}</span>
        </li>
      ) : null}
    </ul>
  );
}

export function SkillChips({ skills, label }: { skills: string[]; label?: string }) {
  const { t } = useTranslation('jobs');
  if (skills.length === 0) return null;
  return (
    <ul aria-label={label ?? t('meta.skills')} className="flex flex-wrap gap-1.5">
      {skills.map((skill) => (
        <li key={skill} className="rounded-full border border-violet-400/30 bg-violet-500/10 px-2.5 py-0.5 text-xs font-medium text-violet-100">
          {skill}
        </li>
      ))}
    </ul>
  );
}
