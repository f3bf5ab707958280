import { Building2, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { showToast } from '#web/lib/toast.ts';
import { useCreateJob } from '../api/create-job.ts';
import { emptyJobInput, JobForm } from './job-form.tsx';
import { jobPath, MY_JOBS_PATH } from '../utils/paths.ts';
import { CompaniesOnlyNotice } from './companies-only-notice.tsx';

/**
 * The Post a Job tab. The company name starts as the company account's name; a posted job opens
 * on its own page (the form is cleared first, so Back finds it ready for the next job).
 */
export function PostJobPanel() {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const { data: user, isPending } = useCurrentUser();
  const createJob = useCreateJob();

  if (isPending) return <LoadingState label={t('common.loadingAccount')} />;
  if (user?.role !== 'company') return <CompaniesOnlyNotice />;

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Building2 aria-hidden="true" className="size-5 text-brand-soft" /> {t('post.title')}
          </CardTitle>
          <CardDescription>{t('post.required')}</CardDescription>
        </div>
        <Link to={MY_JOBS_PATH} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <ListChecks aria-hidden="true" /> {t('mine.title')}
        </Link>
      </CardHeader>
      <CardContent>
        <JobForm
          mode="create"
          initial={{ ...emptyJobInput(), companyName: user.name }}
          onSubmit={async (input) => {
            try {
              const job = await createJob.mutateAsync(input);
              showToast({ title: t('errors.posted'), description: t('post.done', { title: job.title }), variant: 'success' });
              void navigate(jobPath(job.id));
              return true;
            } catch (error) {
              if (isApiError(error, 403)) throw new Error(t('errors.companiesOnly'));
              throw error;
            }
          }}
        />
      </CardContent>
    </Card>
  );
}
