import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { isApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useAdminPayouts } from '../api/get-payouts.ts';
import { PayoutsPanel } from '../components/payouts-panel.tsx';
import { SalesPanel } from '../components/sales-panel.tsx';

/** /admin/transactions: every sale, and payouts awaiting an admin (mark completed or failed). */
export function AdminTransactionsPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('transactions.title'));
  // The pending count for the tab; the same query the payouts tab opens with.
  const pending = useAdminPayouts('processing', 1);
  const forbidden = isApiError(pending.error, 403);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('transactions.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('transactions.intro')}</p>
      </div>
      {forbidden ? (
        <div role="alert" className="flex items-center gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-red-100">
          <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-red-300" />
          <p>{t('transactions.adminsOnly')}</p>
        </div>
      ) : (
        <Tabs defaultValue="sales">
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="sales">{t('transactions.salesTab')}</TabsTrigger>
            <TabsTrigger value="payouts">
              {t('transactions.payoutsTab')}
              {pending.data && pending.data.pendingCount > 0 ? (
                <span className="rounded-full bg-amber-500/20 px-2 text-xs text-amber-200">
                  <span className="sr-only">{t('transactions.pendingCountLabel', { count: pending.data.pendingCount })}</span>
                  <span aria-hidden="true">{pending.data.pendingCount}</span>
                </span>
              ) : null}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="sales">
            <Card className="py-2">
              <SalesPanel />
            </Card>
          </TabsContent>
          <TabsContent value="payouts">
            <Card className="py-2">
              <PayoutsPanel />
            </Card>
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
