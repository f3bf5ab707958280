import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatDateTime, formatMoney } from '#web/lib/format.ts';
import { useSaleDetail } from '../api/get-my-sales.ts';
import { RefundSaleDialog } from './refund-sale-dialog.tsx';
import { SaleSourceText, SaleStatusBadge } from './sale-parts.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right tabular-nums [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** A sale's detail (GET /api/sales/:id): its figures, buyer, order number, source and refunds; Refund while something is left. */
export function SaleDetailDialog({ saleId, onClose }: { saleId: string | null; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const detail = useSaleDetail(saleId);
  const sale = detail.data?.sale;
  const money = (cents: number) => formatMoney(cents, sale?.currency);
  return (
    <Dialog open={saleId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto" closeLabel={t('page.closeDetails')}>
        <DialogTitle>{sale ? sale.productName : t('page.detailTitle')}</DialogTitle>
        <DialogDescription>{sale ? t('page.detailDescription', { email: sale.buyerEmail, date: formatDateTime(sale.createdAt) }) : t('page.loading')}</DialogDescription>
        {detail.isPending ? (
          <LoadingState label={t('page.loading')} />
        ) : detail.isError ? (
          <LoadFailedNotice title={t('page.detailFailed')} error={detail.error} namespace="sales" onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
        ) : sale ? (
          <div className="grid gap-4 text-sm">
            <dl className="divide-y divide-border">
              <Row label={t('page.status')}>
                <SaleStatusBadge sale={sale} />
              </Row>
              {sale.orderNumber ? <Row label={t('page.orderNumber')}>{sale.orderNumber}</Row> : null}
              {sale.versionName ? <Row label={t('page.version')}>{sale.versionName}</Row> : null}
              <Row label={t('page.buyer')}>{sale.buyerEmail}</Row>
              <Row label={t('page.amount')}>{money(sale.amountCents)}</Row>
              <Row label={t('page.discount')}>{sale.discountCode ? `${money(sale.discountCents)} (${sale.discountCode})` : money(sale.discountCents)}</Row>
              <Row label={t('page.tax')}>{money(sale.taxCents)}</Row>
              <Row label={t('page.platformFee')}>{money(sale.feeCents)}</Row>
              <Row label={t('page.commission')}>{money(sale.commissionCents)}</Row>
              <Row label={t('page.refunded')}>{money(sale.refundedCents)}</Row>
              <Row label={t('page.net')}>
                <span className="font-semibold">{money(sale.netCents)}</span>
              </Row>
              <Row label={t('page.source')}>
                <SaleSourceText source={sale.source} />
              </Row>
              {sale.source.link?.utmMedium ? <Row label={t('page.utmMedium')}>{sale.source.link.utmMedium}</Row> : null}
              {sale.source.link?.utmCampaign ? <Row label={t('page.utmCampaign')}>{sale.source.link.utmCampaign}</Row> : null}
            </dl>
            <section aria-label={t('page.refunds')} className="grid gap-2">
              <h3 className="font-semibold">{t('page.refunds')}</h3>
              {detail.data.refunds.length === 0 ? (
                <p className="text-muted-foreground">{t('page.noRefunds')}</p>
              ) : (
                <ul className="grid gap-1">
                  {detail.data.refunds.map((refund) => (
                    <li key={refund.id} className="flex justify-between gap-4">
                      <span className="text-muted-foreground">{formatDateTime(refund.createdAt)}</span>
                      <span className="tabular-nums">{money(refund.amountCents)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {sale.status === 'completed' ? (
              <div className="flex justify-end">
                <RefundSaleDialog sale={sale} />
              </div>
            ) : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
