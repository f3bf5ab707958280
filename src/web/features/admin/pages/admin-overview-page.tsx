import { ShieldAlert, UserRound, Users } from 'lucide-react';
import { StatCard } from '#web/components/stat-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useAdminOverview } from '../api/get-admin-overview.ts';
import { NewsletterExportButton } from '../components/newsletter-export-button.tsx';

const ADMINS_ONLY = 'Access Denied. Admins only.';

/** Admin overview: platform totals from GET /api/admin/overview. */
export function AdminOverviewPage() {
  usePageTitle('Admin Overview');
  const { data, isPending, isError, error, refetch, isFetching } = useAdminOverview();
  const forbidden = error instanceof ApiError && error.status === 403;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin Overview</h1>
          <p className="mt-1 text-muted-foreground">Platform-wide totals at a glance.</p>
        </div>
        {forbidden ? null : <NewsletterExportButton />}
      </div>
      {isPending ? (
        <LoadingState label="Loading admin dashboard…" />
      ) : forbidden ? (
        <div role="alert" className="flex items-center gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-red-100">
          <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-red-300" />
          <p>{ADMINS_ONLY}</p>
        </div>
      ) : isError ? (
        <div role="alert" className="grid gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-red-100">
          <p>Failed to load admin dashboard: {error.message}</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
              Try again
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <StatCard label="Total Creators" value={data.totalCreators.toLocaleString()} icon={UserRound} />
          <StatCard label="Total Users" value={data.totalUsers.toLocaleString()} icon={Users} />
        </div>
      )}
    </div>
  );
}
