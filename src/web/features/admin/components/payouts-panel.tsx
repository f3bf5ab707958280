import { Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { AdminTable } from '#web/components/admin-table.tsx';
import { useAdminPayouts, type PayoutFilter } from '../api/get-payouts.ts';
import { formatDateTime, formatMoney } from '#web/lib/format.ts';
import { billingError } from '../utils/messages.ts';
import { Pagination } from '#web/components/pagination.tsx';
import { useBillingPaginationTexts } from '../utils/pagination-texts.ts';
import { PayoutMethodDetails } from './payout-method-details.tsx';
import { ProcessPayoutDialog } from './process-payout-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TruncatedText } from '#web/components/truncated-text.tsx';

const FILTERS: PayoutFilter[] = ['processing', 'all', 'completed', 'failed'];

/** Payouts with their creators; processing ones can be marked completed or failed. */
export function PayoutsPanel() {
  const { t } = useTranslation('admin');
  const paginationTexts = useBillingPaginationTexts();
  const id = useId();
  const [filter, setFilter] = useState<PayoutFilter>('processing');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch, isFetching } = useAdminPayouts(filter, page);

  let content;
  if (isPending) content = <LoadingState label={t('transactions.payoutsLoading')} />;
  else if (isError) {
    content = (
      <div role="alert" className="m-4 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-100">
        <p>{t('transactions.loadFailed', { reason: billingError(error) })}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
          {t('transactions.tryAgain')}
        </Button>
      </div>
    );
  } else if (data.items.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
        <Wallet aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{filter === 'processing' ? t('transactions.payoutsNonePending') : t('transactions.payoutsEmpty')}</p>
      </div>
    );
  } else {
    content = (
      <>
        <AdminTable
          caption={t('transactions.payoutsTab')}
          minWidth="min-w-[900px]"
          small
          inset
          columns={[
            { label: t('transactions.creator') },
            { label: t('transactions.amount'), align: 'right' },
            { label: t('transactions.method') },
            { label: t('transactions.requested') },
            { label: t('transactions.status') },
            { label: t('transactions.actions'), align: 'right', fit: true },
          ]}
        >
          {data.items.map((payout) => (
            <tr key={payout.id} className="border-b border-border/60 last:border-0">
              <td className="px-4 py-3">
                <p className="font-medium break-words">{payout.creatorName}</p>
                <TruncatedText text={payout.creatorEmail} className="text-xs text-muted-foreground" />
              </td>
              <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatMoney(payout.amountCents, payout.currency)}</td>
              <td className="px-4 py-3">
                <PayoutMethodDetails method={payout.method} label={payout.methodLabel} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={payout.requestedAt}>{formatDateTime(payout.requestedAt)}</time>
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={payout.status} />
                {payout.processedByEmail ? <TruncatedText text={t('transactions.by', { email: payout.processedByEmail })} className="mt-1 text-xs text-muted-foreground" /> : null}
              </td>
              <td className="px-4 py-2 whitespace-nowrap">
                {payout.status === 'processing' ? (
                  <div className="flex justify-end gap-1">
                    <ProcessPayoutDialog payout={payout} action="complete" />
                    <ProcessPayoutDialog payout={payout} action="fail" />
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} texts={paginationTexts} className="justify-end px-4 py-3" />
      </>
    );
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3 px-4 pt-2">
        <Label htmlFor={`${id}-filter`}>{t('transactions.show')}</Label>
        <select
          id={`${id}-filter`}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as PayoutFilter);
            setPage(1);
          }}
          className="h-9 rounded-md border border-input bg-muted/60 px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`transactions.filter.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {content}
    </div>
  );
}
