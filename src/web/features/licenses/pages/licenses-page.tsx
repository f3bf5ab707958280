import { useQueryClient } from '@tanstack/react-query';
import { KeySquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SALES_CHANGED_EVENT } from '#shared/sales.ts';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { MY_LICENSES_QUERY_KEY, useMyLicenses } from '../api/get-my-licenses.ts';
import { LicensesTable } from '../components/licenses-table.tsx';
import { VerifyExample } from '../components/verify-example.tsx';

/** /dashboard/licenses: the license keys sold with the creator's products, and what can be done with each. */
export function LicensesPage() {
  const { t } = useTranslation('licenses');
  usePageTitle(t('page.title'));
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch, isFetching } = useMyLicenses(page);
  const queryClient = useQueryClient();
  // A new sale brings a key, a refund disables one.
  useRealtimeEvent(SALES_CHANGED_EVENT, () => void queryClient.invalidateQueries({ queryKey: MY_LICENSES_QUERY_KEY }));

  let body;
  if (isPending) body = <LoadingState label={t('page.loading')} />;
  else if (isError) {
    body = (
      <LoadFailedNotice title={t('page.loadFailed')} error={error} namespace="licenses" onRetry={() => void refetch()} retrying={isFetching} />
    );
  } else if (data.total === 0) {
    body = (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 p-8 text-center">
        <KeySquare aria-hidden="true" className="size-8 text-brand-soft" />
        <p className="font-semibold">{t('list.empty')}</p>
        <p className="max-w-prose text-sm text-muted-foreground">{t('list.emptyHint')}</p>
        <Button asChild variant="outline">
          <Link to="/dashboard/products">{t('list.toProducts')}</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <LicensesTable items={data.items} />
        <Pagination
          page={page}
          total={data.total}
          pageSize={data.pageSize}
          onPage={setPage}
          disabled={isFetching}
          texts={{
            label: t('list.pagination'),
            previous: t('list.previous'),
            next: t('list.next'),
            status: (current, count) => t('list.pageOf', { page: current, pages: count }),
          }}
          className="justify-between"
        />
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('page.intro')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('list.title')}</CardTitle>
          <CardDescription>{t('list.description')}</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('verify.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <VerifyExample />
        </CardContent>
      </Card>
    </div>
  );
}
