import { Filter, SearchX } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EMPLOYMENT_TYPES } from '#shared/jobs.ts';
import { JOB_FILTER_TEXT_MAX, jobFiltersFormSchema, type JobFiltersForm } from '#shared/jobs-form.ts';
import { Pagination } from '#web/components/pagination.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { useJobs } from '../api/get-jobs.ts';
import { readJobFilters, writeJobFilters, type JobFilterState } from '../utils/tab-params.ts';
import { selectClass } from '#web/components/ui/select.ts';
import { useEmploymentTypeLabel } from '../utils/employment-type.ts';
import { formatCount } from '#web/lib/format.ts';
import { JobCard, JobCardSkeleton } from './job-card.tsx';
import { Notice } from '#web/components/notice.tsx';

const PAGE_SIZE = 10;

function FilterForm({ initial, onApply }: { initial: JobFilterState; onApply: (filters: JobFilterState) => void }) {
  const { t } = useTranslation('jobs');
  const typeLabel = useEmploymentTypeLabel();
  const id = useId();
  const { register, handleSubmit } = useForm<JobFiltersForm>({
    resolver: zodResolver(jobFiltersFormSchema),
    defaultValues: { keyword: initial.keyword, location: initial.location, type: initial.type },
  });
  const submit = (filters: JobFiltersForm) => onApply({ ...filters, page: 1 });
  return (
    <form
      role="search"
      aria-label={t('find.filters')}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-[1fr_1fr_12rem_auto] lg:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-keyword`}>{t('find.keyword')}</Label>
        <Input
          id={`${id}-keyword`}
          type="search"
          placeholder={t('find.keywordPlaceholder')}
          maxLength={JOB_FILTER_TEXT_MAX}
          {...register('keyword')}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-location`}>{t('form.location')}</Label>
        <Input
          id={`${id}-location`}
          placeholder={t('find.locationPlaceholder')}
          maxLength={JOB_FILTER_TEXT_MAX}
          {...register('location')}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-type`}>{t('form.employmentType')}</Label>
        <select id={`${id}-type`} {...register('type')} className={selectClass}>
          <option value="All">{t('find.all')}</option>
          {EMPLOYMENT_TYPES.map((option) => (
            <option key={option} value={option}>
              {typeLabel(option)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="sm:col-span-2 lg:col-span-1">
        <Filter aria-hidden="true" /> {t('find.apply')}
      </Button>
    </form>
  );
}

/** Find Jobs: filters in the URL (keyword, location, type, page); the server filters and pages. */
export function FindJobsPanel() {
  const { t } = useTranslation('jobs');
  const [params, setParams] = useSearchParams();
  const filters = readJobFilters(params);
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useJobs({ ...filters, pageSize: PAGE_SIZE });
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filterKey = `${filters.keyword}\u0000${filters.location}\u0000${filters.type}`;

  const apply = (next: JobFilterState) => setParams((previous) => writeJobFilters(previous, next));
  const goToPage = (page: number) => {
    apply({ ...filters, page });
    document.getElementById('job-results')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="grid gap-5">
      {/* Re-mounted when the URL changes (back button, links), so the fields always show the applied filters. */}
      <FilterForm key={filterKey} initial={filters} onApply={apply} />
      <section id="job-results" aria-labelledby="job-results-title" aria-busy={isPending || isPlaceholderData} className="grid scroll-mt-24 gap-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="job-results-title" className="text-lg font-semibold">
            {t('find.results')}
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {isFetching && !isPending ? <Spinner label={t('find.updating')} className="mr-2 inline size-4" /> : null}
            {data ? t('find.count', { count: data.total, formatted: formatCount(data.total) }) : null}
          </p>
        </div>
        {isPending ? (
          <div className="grid gap-4 md:grid-cols-2" role="status" aria-label={t('find.loading')}>
            {Array.from({ length: 4 }, (_, index) => (
              <JobCardSkeleton key={index} />
            ))}
          </div>
        ) : isError ? (
          <Notice variant="error" title={t('common.errorFetching')}>
            <p>{t('find.loadFailed', { reason: localizeError(error, 'jobs') })}</p>
            <Button variant="outline" size="sm" className="mt-3" disabled={isFetching} onClick={() => void refetch()}>
              {t('common.tryAgain')}
            </Button>
          </Notice>
        ) : data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-4 py-14 text-center">
            <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
              <SearchX aria-hidden="true" className="size-6" />
            </span>
            <p className="max-w-md text-muted-foreground">{t('errors.noMatches')}</p>
          </div>
        ) : (
          <>
            <ul className={isPlaceholderData ? 'grid gap-4 opacity-60 transition-opacity md:grid-cols-2' : 'grid gap-4 md:grid-cols-2'}>
              {data.items.map((job) => (
                <li key={job.id} className="flex min-w-0 [&>article]:w-full">
                  <JobCard job={job} />
                </li>
              ))}
            </ul>
            <Pagination
              page={filters.page}
              pages={pageCount}
              onPage={goToPage}
              texts={{
                label: t('find.pages'),
                previous: t('find.previous'),
                next: t('find.next'),
                status: (page, pages) => t('find.page', { page: formatCount(page), pages: formatCount(pages) }),
              }}
              className="justify-center"
            />
          </>
        )}
      </section>
    </div>
  );
}
