import { JOB_MESSAGES } from '#shared/jobs.ts';
import { Notice } from '#web/components/notice.tsx';

/** SPEC §6: only companies post jobs; everyone else sees why (the server refuses them with 403 too). */
export function CompaniesOnlyNotice() {
  return (
    <Notice title="Companies only">
      <p>{JOB_MESSAGES.companiesOnly}</p>
      <p className="mt-1 text-violet-200/80">{JOB_MESSAGES.companyAdvice}</p>
    </Notice>
  );
}
