import type { CurrentUser } from '#shared/auth.ts';
import { CompanyJobsSummary, PostJobButton } from '#web/features/jobs/components/company-jobs-summary.tsx';
import { HomeHeader } from './home-header.tsx';

/** A company's home (#20.2): its jobs with their applicants, and Post a Job. */
export function CompanyHome({ user }: { user: CurrentUser }) {
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-6xl gap-8">
      <HomeHeader user={user} kind="company" action={<PostJobButton />} />
      <CompanyJobsSummary />
    </div>
  );
}
